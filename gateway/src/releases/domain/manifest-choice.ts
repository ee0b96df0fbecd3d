import { createHash } from 'node:crypto';
import { BUNDLED_VERSION, remoteNames, type RemoteName, type RemotesManifest } from '@trackboard/contracts';
import type { Logger } from '@trackboard/server-kit';
import type { ReleaseTable, RemoteChoice } from './release-table';
import type { PublishedVersion, VersionCatalog } from './version-catalog';

/**
 * A user's place among 100 for one remote's canary, the same on every load: a hash of the remote
 * and the user (or the anonymous cookie). Raising the share only adds users — those already on
 * the canary stay on it.
 */
export function canaryBucket(remote: RemoteName, subject: string): number {
  return createHash('sha256').update(`${remote}:${subject}`).digest().readUInt32BE(0) % 100;
}

/** Which version of each remote a page load gets, and where a version's files are. */
export function createManifestChoice(table: ReleaseTable, catalog: VersionCatalog, log: Logger) {
  /** The current version's whereabouts; a current version whose folder is gone falls back to the bundled build. */
  async function currentOf(remote: RemoteName, choice: RemoteChoice): Promise<PublishedVersion> {
    const found = await catalog.locate(remote, choice.current);
    if (found) return found;
    log.warn(
      { remote, version: choice.current },
      'the current release is not in the releases folder; serving the bundled build',
    );
    return (await catalog.locate(remote, BUNDLED_VERSION))!;
  }

  return {
    /** GET /remotes.json for one user (their id, or the anonymous cookie): each remote's version for them. */
    async manifestFor(subject: string): Promise<RemotesManifest> {
      const choices = await table.choices();
      const remotes = await Promise.all(
        remoteNames.map(async (name) => {
          const { canary } = choices[name];
          const current = await currentOf(name, choices[name]);
          const chosen =
            canary && canaryBucket(name, subject) < canary.share
              ? await catalog.locate(name, canary.version)
              : undefined;
          return chosen
            ? {
                name,
                entry: chosen.entry,
                version: chosen.version,
                fallback: { entry: current.entry, version: current.version },
              }
            : { name, entry: current.entry, version: current.version };
        }),
      );
      return { remotes };
    },

    /** The folder a version's files are served from here, or undefined. */
    async folderOf(remote: RemoteName, version: string): Promise<string | undefined> {
      return (await catalog.locate(remote, version))?.folder ?? undefined;
    },
  };
}
