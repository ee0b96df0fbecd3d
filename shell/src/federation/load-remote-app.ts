import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@trackboard/contracts';
import type { ComponentType } from 'react';

/** What every remote exposes as `./App`: one root component with its own routes. */
export interface RemoteAppModule {
  default: ComponentType;
}

export type LoadRemoteApp = (name: RemoteName) => Promise<RemoteAppModule>;

let registration: Promise<void> | undefined;

/**
 * Remote locations are read at runtime from the gateway (ARCHITECTURE §5), so a remote can
 * be redeployed without rebuilding the shell. Read once; a failed read is tried again.
 */
function registerRemotesFromGateway(): Promise<void> {
  registration ??= fetchAndRegisterRemotes().catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

async function fetchAndRegisterRemotes(): Promise<void> {
  const response = await fetch('/remotes.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /remotes.json answered ${response.status}`);
  const { remotes } = (await response.json()) as RemotesManifest;
  // An entry may be a path on this origin or an absolute URL elsewhere; the runtime derives
  // each remote's public path from its manifest URL, so hand it absolute URLs.
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry: new URL(entry, window.location.href).href })));
}

/** Loads a remote's exposed root (`mf_boards/App`, ...) through the Module Federation runtime. */
export const loadRemoteApp: LoadRemoteApp = async (name) => {
  await registerRemotesFromGateway();
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module) throw new Error(`Remote ${name} answered no module for ./App`);
  return module;
};
