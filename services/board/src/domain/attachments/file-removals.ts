import { inArray } from 'drizzle-orm';
import type { Db, Logger } from '@trackboard/server-kit';
import { fileRemovals } from '../../db/schema';
import type { FileStore } from '@trackboard/file-store';

const batch = 100;
/** A stored file's thumbnail sits beside it, under this suffix. */
export const thumbnailKey = (storageKey: string) => `${storageKey}-thumb`;

/**
 * Removes the stored files of deleted attachment rows (queued by the trigger of migration 0016,
 * in the deletion's transaction): after a delete commits, and on a timer for what a failed store
 * or a stopped replica left. Removing a file twice is harmless, so replicas need no lock: each
 * removes what it reads, then forgets the rows.
 */
export function createFileRemovals(db: Db, store: FileStore, log: Logger) {
  let running: Promise<void> | undefined;
  let again = false;

  async function sweep(): Promise<void> {
    for (;;) {
      const due = await db.select({ key: fileRemovals.storageKey }).from(fileRemovals).limit(batch);
      if (due.length === 0) return;
      for (const { key } of due) {
        await store.remove(key);
        await store.remove(thumbnailKey(key));
      }
      await db.delete(fileRemovals).where(
        inArray(
          fileRemovals.storageKey,
          due.map((row) => row.key),
        ),
      );
      if (due.length < batch) return;
    }
  }

  /** Sweeps now (or once more after the sweep under way); a failure is logged and left to the timer. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sweep().catch((err: unknown) => log.warn({ err }, 'removing stored attachment files failed'));
      } while (again);
      running = undefined;
    })();
    return running;
  }

  return {
    kick,
    /** Sweeps every `everyMs` until the returned function stops it. */
    start(everyMs: number): () => void {
      const timer = setInterval(() => void kick(), everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    /** Lets a sweep under way finish (shutdown, tests). */
    settled: () => running ?? Promise.resolve(),
  };
}
export type FileRemovals = ReturnType<typeof createFileRemovals>;
