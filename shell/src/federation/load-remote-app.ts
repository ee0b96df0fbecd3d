import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  truncateText,
  type RemoteEntry,
  type RemoteLoadFailure,
  type RemoteName,
  type RemotesManifest,
} from '@trackboard/contracts';
import { api, setLoadedRemoteVersion, storageKeys } from '@trackboard/web-kit';
import type { ComponentType } from 'react';
import { unavailableCause } from './remote-fallback-plugin';

/** What every remote exposes as `./App`: one root component with its own routes. */
export interface RemoteAppModule {
  default: ComponentType;
}

export type LoadRemoteApp = (name: RemoteName) => Promise<RemoteAppModule>;

/** The two calls of the Module Federation runtime the loader makes (tests hand in a fake). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

/**
 * A loader of remotes' exposed roots (`mf_boards/App`, ...). Remote locations are read at
 * runtime from the gateway (ARCHITECTURE §5), so a remote can be redeployed without
 * rebuilding the shell, and a share of users can be given a canary release. Read
 * once per page; a failed read is tried again.
 */
export function createRemoteLoader(runtime: FederationRuntime): LoadRemoteApp {
  let registration: Promise<Map<RemoteName, RemoteEntry>> | undefined;

  function registeredRemotes(): Promise<Map<RemoteName, RemoteEntry>> {
    registration ??= fetchAndRegisterRemotes(runtime).catch((error: unknown) => {
      registration = undefined;
      throw error;
    });
    return registration;
  }

  return async (name) => {
    const remotes = await registeredRemotes();
    const chosen = remotes.get(name);
    if (!chosen) throw new Error(`GET /remotes.json named no remote ${name}`);
    const { fallback } = chosen;
    // The current release: a failure reaches the route as it came, for its Retry panel.
    if (!fallback) return loadApp(runtime, chosen);
    try {
      return withoutStandIn(await loadApp(runtime, chosen));
    } catch (error) {
      reportCanaryFailure(chosen, error);
      const current: RemoteEntry = { name, ...fallback };
      // Forced, or the runtime keeps the canary's registration. It also drops what the canary
      // left behind (its cached manifest, container global and shared modules).
      runtime.registerRemotes([runtimeRemote(current)], { force: true });
      // This page stays on the current release from now on, Retry included.
      remotes.set(name, current);
      return loadApp(runtime, current);
    }
  };
}

/** Loads remotes through the shell's Module Federation runtime. */
export const loadRemoteApp: LoadRemoteApp = createRemoteLoader({ loadRemote, registerRemotes });

async function fetchAndRegisterRemotes(runtime: FederationRuntime): Promise<Map<RemoteName, RemoteEntry>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The gateway keeps a user on one side of a canary: by the signed-in user when there is a
  // token, else by its anonymous cookie (sent with `same-origin`).
  const token = window.localStorage.getItem(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/remotes.json', { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET /remotes.json answered ${response.status}`);
  const { remotes } = (await response.json()) as RemotesManifest;
  runtime.registerRemotes(remotes.map(runtimeRemote));
  return new Map(remotes.map((remote) => [remote.name, remote]));
}

// An entry may be a path on this origin or an absolute URL elsewhere; the runtime derives
// each remote's public path from its manifest URL, so hand it absolute URLs.
function runtimeRemote({ name, entry }: RemoteEntry): { name: string; entry: string } {
  return { name, entry: new URL(entry, window.location.href).href };
}

/**
 * `remote`'s exposed root as the runtime answers it: the module, or the fallback plugin's
 * stand-in when it failed. A module that loaded is recorded, so every API call names the
 * releases this page runs.
 */
async function loadApp(runtime: FederationRuntime, remote: RemoteEntry): Promise<RemoteAppModule> {
  const module = (await runtime.loadRemote(`${remote.name}/App`)) as RemoteAppModule | null;
  if (!module) throw new Error(`Remote ${remote.name} answered no module for ./App`);
  if (!unavailableCause(module)) {
    setLoadedRemoteVersion(remote.name, remote.version);
    console.info(`[trackboard] ${remote.name} ${remote.version} loaded`);
  }
  return module;
}

function withoutStandIn(module: RemoteAppModule): RemoteAppModule {
  const cause = unavailableCause(module);
  if (cause) throw cause;
  return module;
}

/**
 * Tells the gateway a canary failed here, for its release page. Fire-and-forget: the page
 * goes on with the current release whatever the report's fate.
 */
function reportCanaryFailure({ name, version }: RemoteEntry, error: unknown): void {
  console.warn(`[trackboard] ${name} ${version} failed to load; loading the current release instead`, error);
  const failure: RemoteLoadFailure = { remote: name, version, message: failureMessage(error) };
  void api
    .post('/releases/failures', failure)
    .catch((reportError: unknown) => console.warn('Could not report the failed canary', reportError));
}

/** The error and its causes on one line, within what the report accepts (no control characters nor half emoji, 500 characters). */
function failureMessage(error: unknown): string {
  const messages: string[] = [];
  // A few levels say enough (the runtime's error under ours), and a cycle of causes cannot hang the page.
  for (let cause = error; cause instanceof Error && messages.length < 4; cause = cause.cause) {
    messages.push(cause.message);
  }
  const text = messages.length > 0 ? messages.join(': ') : String(error);
  return truncateText(text.replace(/[\p{Cc}\p{Cs}]+/gu, ' '), 500);
}
