import {
  isAdmin,
  messages,
  remoteNames,
  type ReleaseUpdateRequest,
  type ReleaseUpdateResponse,
  type ReleasesResponse,
  type RemoteName,
  type RemoteReleaseDto,
} from '@trackboard/contracts';
import { Conflict, Forbidden, NotFound, type AuthUser } from '@trackboard/server-kit';
import type { ReleaseTable, RemoteChoice } from './release-table';
import type { VersionCatalog } from './version-catalog';

/** The release table is the administrators': checked before anything is read. */
const administrator = (caller: AuthUser) => {
  if (!isAdmin(caller)) throw new Forbidden(messages.adminOnly);
};

/** The admin API over the release table: what each remote has, and changing which version users load. */
export function createReleaseAdmin(table: ReleaseTable, catalog: VersionCatalog) {
  async function describe(remote: RemoteName, choice: RemoteChoice): Promise<RemoteReleaseDto> {
    const versions = await catalog.list(remote);
    return {
      name: remote,
      current: choice.current,
      canary: choice.canary,
      versions: versions.map(({ version, entry, publishedAt, problem }) => ({
        version,
        entry,
        publishedAt: publishedAt?.toISOString() ?? null,
        compatible: problem === null,
        problem,
      })),
      canaryFailures: choice.canary
        ? await table.failures(remote, choice.canary.version)
        : { count: 0, lastAt: null, lastMessage: null },
    };
  }

  /** A version named in a change: published, and runnable by this shell. */
  async function usable(remote: RemoteName, field: string, version: string): Promise<void> {
    const found = await catalog.find(remote, version);
    if (!found) throw new NotFound(`${field}: ${remote} has no published version ${version}.`);
    if (found.problem) throw new Conflict(`${remote} ${version}: ${found.problem}`);
  }

  return {
    async list(caller: AuthUser): Promise<ReleasesResponse> {
      administrator(caller);
      const choices = await table.choices();
      const remotes = await Promise.all(remoteNames.map((remote) => describe(remote, choices[remote])));
      return { remotes, history: await table.history() };
    },

    async update(caller: AuthUser, remote: RemoteName, update: ReleaseUpdateRequest): Promise<ReleaseUpdateResponse> {
      administrator(caller);
      if (update.current !== undefined) await usable(remote, 'current', update.current);
      if (update.canary) await usable(remote, 'canary', update.canary.version);
      const { choice, changeIds } = await table.update(remote, update, Number(caller.id));
      return { remote: await describe(remote, choice), change: await table.history(changeIds) };
    },
  };
}
export type ReleaseAdmin = ReturnType<typeof createReleaseAdmin>;
