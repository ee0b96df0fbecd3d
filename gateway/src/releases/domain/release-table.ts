import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BUNDLED_VERSION,
  remoteNames,
  type ReleaseChangeDto,
  type ReleaseUpdateRequest,
  type RemoteName,
} from '@trackboard/contracts';
import { accountDirectory, Invalid, type Db } from '@trackboard/server-kit';
import { loadFailures, releaseChanges, releases } from '../db/schema';

/** Which version of a remote users load: the current one, and a canary for a share of them. */
export type RemoteChoice = { current: string; canary: { version: string; share: number } | null };

const HISTORY_LENGTH = 100;
const noRelease: RemoteChoice = { current: BUNDLED_VERSION, canary: null };

type Row = typeof releases.$inferSelect;
const choiceOf = (row: Row | undefined): RemoteChoice =>
  row
    ? { current: row.current, canary: row.canary === null ? null : { version: row.canary, share: row.canaryShare } }
    : noRelease;

/** The change an update makes, as history rows (current first). */
function changesOf(before: RemoteChoice, after: RemoteChoice) {
  const changes: { what: 'current' | 'canary'; from: string | null; to: string | null; share: number | null }[] = [];
  if (before.current !== after.current)
    changes.push({ what: 'current', from: before.current, to: after.current, share: null });
  const [was, is] = [before.canary, after.canary];
  if (was?.version !== is?.version || was?.share !== is?.share)
    changes.push({ what: 'canary', from: was?.version ?? null, to: is?.version ?? null, share: is?.share ?? null });
  return changes;
}

/**
 * The release table, the gateway's own rows. A change is written with its history
 * rows in one transaction, the remote's row locked, so two admins changing one remote at once
 * each see the other's result as their "from".
 */
export function createReleaseTable(db: Db) {
  async function choices(): Promise<Record<RemoteName, RemoteChoice>> {
    const rows = await db.select().from(releases);
    return Object.fromEntries(
      remoteNames.map((name) => [name, choiceOf(rows.find((row) => row.remote === name))]),
    ) as Record<RemoteName, RemoteChoice>;
  }

  return {
    /** Every remote's choice: one small query, made for each /remotes.json. */
    choices,

    /**
     * Applies `update` (versions already known to exist and to suit the shell). Making the
     * canary current ends the canary. Returns the new choice and the history rows written.
     */
    async update(remote: RemoteName, update: ReleaseUpdateRequest, actorId: number) {
      return db.transaction(async (tx) => {
        // The row exists from here on, so FOR UPDATE has something to lock.
        await tx.insert(releases).values({ remote, current: BUNDLED_VERSION }).onConflictDoNothing();
        const [row] = await tx.select().from(releases).where(eq(releases.remote, remote)).for('update');
        const before = choiceOf(row);
        const current = update.current ?? before.current;
        let canary = update.canary === undefined ? before.canary : update.canary;
        if (canary?.version === current) {
          // A canary of the current version is no canary: promoting it ends it; asking for it is a mistake.
          if (update.canary) throw new Invalid('canary: is already the current version');
          canary = null;
        }
        const after: RemoteChoice = { current, canary };
        await tx
          .update(releases)
          .set({ current, canary: canary?.version ?? null, canaryShare: canary?.share ?? 0, updatedAt: sql`now()` })
          .where(eq(releases.remote, remote));
        const changes = changesOf(before, after);
        const written = changes.length
          ? await tx
              .insert(releaseChanges)
              .values(changes.map((change) => ({ ...change, remote, actorId })))
              .returning({ id: releaseChanges.id })
          : [];
        return { choice: after, changeIds: written.map((row) => row.id) };
      });
    },

    /** Newest first; `ids` narrows it to the rows one update wrote. */
    async history(ids?: number[]): Promise<ReleaseChangeDto[]> {
      const rows = await db
        .select({
          id: releaseChanges.id,
          remote: releaseChanges.remote,
          what: releaseChanges.what,
          from: releaseChanges.from,
          to: releaseChanges.to,
          share: releaseChanges.share,
          actorId: releaseChanges.actorId,
          actorName: accountDirectory.name,
          at: releaseChanges.createdAt,
        })
        .from(releaseChanges)
        .leftJoin(accountDirectory, eq(accountDirectory.id, releaseChanges.actorId))
        .where(ids ? inArray(releaseChanges.id, ids) : undefined)
        .orderBy(desc(releaseChanges.id))
        .limit(HISTORY_LENGTH);
      return rows.map(({ actorId, actorName, at, id, ...row }) => ({
        ...row,
        id: String(id),
        // A deleted account's changes stay, nameless.
        by: { id: String(actorId), name: actorName ?? 'Deleted user' },
        at: at.toISOString(),
      }));
    },

    /** Counts a load failure the shell reported, if `version` is that remote's canary now (anything else is noise). */
    async recordFailure(remote: RemoteName, version: string, message: string | null): Promise<void> {
      const { canary } = (await choices())[remote];
      if (canary?.version !== version) return;
      await db
        .insert(loadFailures)
        .values({ remote, version, count: 1, lastMessage: message })
        .onConflictDoUpdate({
          target: [loadFailures.remote, loadFailures.version],
          set: { count: sql`${loadFailures.count} + 1`, lastAt: sql`now()`, lastMessage: message },
        });
    },

    /** The reported failures of one version. */
    async failures(remote: RemoteName, version: string) {
      const [row] = await db
        .select()
        .from(loadFailures)
        .where(and(eq(loadFailures.remote, remote), eq(loadFailures.version, version)));
      return {
        count: row?.count ?? 0,
        lastAt: row?.lastAt.toISOString() ?? null,
        lastMessage: row?.lastMessage ?? null,
      };
    },
  };
}
export type ReleaseTable = ReturnType<typeof createReleaseTable>;
