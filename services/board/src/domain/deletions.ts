import { and, eq, inArray, lt } from 'drizzle-orm';
import { PURGE_AFTER_MS } from '@trackboard/contracts';
import type { Clock, Db, Logger } from '@trackboard/server-kit';
import { activity, comments, issues } from '../db/schema';

/** How often each replica purges: a deleted row outlives PURGE_AFTER_MS by up to this much. */
export const PURGE_EVERY_MS = 30_000;

/**
 * Deleting an issue or a comment only marks it (`deleted_at`): every read leaves it out, and POST
 * …/restore brings it back. PURGE_AFTER_MS after its delete, well past the browser's Undo, this
 * removes it for good — an issue with its comments, reactions and history (the dashboard's lines
 * about it stay), a comment with the replies deleted with it.
 *
 * Every replica runs it on a timer, and several at once are safe: each DELETE locks the rows it
 * removes, so a row goes once, and a restore that commits first has cleared `deleted_at`, which
 * the DELETE reads again under the lock, so that row stays.
 */
export function createPurge(db: Db, clock: Clock, log: Logger) {
  async function purge(): Promise<void> {
    const before = new Date(clock.now().getTime() - PURGE_AFTER_MS);
    await db.transaction(async (tx) => {
      const gone = await tx.delete(issues).where(lt(issues.deletedAt, before)).returning({ id: issues.id });
      if (gone.length > 0)
        await tx.delete(activity).where(
          and(
            inArray(
              activity.issueId,
              gone.map((issue) => issue.id),
            ),
            eq(activity.description, ''),
          ),
        );
      await tx.delete(comments).where(lt(comments.deletedAt, before));
    });
  }

  return {
    purge,
    /** Purges every `everyMs` until the returned function stops it; a failed pass is logged, the next tries again. */
    start(everyMs = PURGE_EVERY_MS): () => void {
      const timer = setInterval(() => {
        purge().catch((err: unknown) => log.warn({ err }, 'purging deleted issues and comments failed'));
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
