import type { RemoteName } from '@trackboard/contracts';
import { fakeRemoteApp } from '../../testing/render-shell';
import type { FederationRuntime, RemoteAppModule } from '../load-remote-app';
import remoteFallbackPlugin from '../remote-fallback-plugin';

/** What `loadRemote` resolves to when the runtime plugin stands in for a remote that is down. */
export async function standInFromRuntimePlugin(name: RemoteName): Promise<RemoteAppModule> {
  const plugin = remoteFallbackPlugin();
  const answer = await plugin.errorLoadRemote!({
    id: `${name}/App`,
    error: new Error('Failed to fetch mf-manifest.json'),
    from: 'runtime',
    lifecycle: 'onLoad',
    origin: {} as never,
  });
  return answer as RemoteAppModule;
}

/**
 * The Module Federation runtime as the shell's loader meets it. Registering a remote that is
 * already registered changes nothing unless forced, as in the real runtime. Loading answers
 * the remote's stand-in app, or — when its entry's path is in `failing` — what the runtime
 * answers with the shell's fallback plugin installed.
 */
export function fakeFederationRuntime(failing: Iterable<string> = []) {
  const entries = new Map<string, string>();
  const runtime = {
    /** Paths of the entries that fail to load; change it to make one work again. */
    failing: new Set(failing),
    /** The entry each remote is registered with now. */
    entryOf: (name: RemoteName) => entries.get(name),
    registerRemotes: jest.fn<void, Parameters<FederationRuntime['registerRemotes']>>((remotes, options) => {
      for (const { name, entry } of remotes) {
        if (options?.force || !entries.has(name)) entries.set(name, entry);
      }
    }),
    loadRemote: jest.fn(async (id: string): Promise<RemoteAppModule> => {
      const name = id.split('/')[0] as RemoteName;
      const entry = entries.get(name);
      if (!entry) throw new Error(`${name} is not registered`);
      return runtime.failing.has(new URL(entry).pathname) ? standInFromRuntimePlugin(name) : fakeRemoteApp(name);
    }),
  };
  return runtime satisfies FederationRuntime;
}
