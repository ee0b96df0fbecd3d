import { remoteNames, type RemoteName } from '@trackboard/contracts';

// Held here, not in the shell: web-kit is the one copy shell and remotes share, so the API
// client every remote calls sees what the shell recorded.
const loaded = new Map<RemoteName, string>();

/** Records which release of `remote` this page runs; the shell calls it once the remote has loaded. */
export function setLoadedRemoteVersion(remote: RemoteName, version: string): void {
  loaded.set(remote, version);
}

/**
 * The X-Remote-Versions value (`mf_boards=0.2.0-1a2b3c4d,mf_admin=bundled`), in the contract's
 * order so one page always sends one string; undefined until a remote has loaded.
 */
export function remoteVersionsHeader(): string | undefined {
  const pairs = remoteNames.filter((name) => loaded.has(name)).map((name) => `${name}=${loaded.get(name)}`);
  return pairs.length > 0 ? pairs.join(',') : undefined;
}
