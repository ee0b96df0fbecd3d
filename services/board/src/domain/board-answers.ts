import type { PreparedJson } from '@trackboard/server-kit';

/**
 * Issues' worth of board answers a replica keeps, over all boards (a 5,000-issue answer is
 * 2.5 MB of JSON and its encodings): four such boards. The least recently fetched goes first.
 */
export const REMEMBERED_ISSUES = 20_000;

type Entry = { key: string; answer: PreparedJson; weight: number };
export type BuiltAnswer = {
  answer: PreparedJson;
  issues: number;
  /** False when the answer holds something its key does not cover: it is sent, not kept. */
  keep: boolean;
};

/**
 * Board fetch answers, serialized and compressed once and remembered per board under a key
 * that changes whenever the answer would: reading, serializing and compressing 5,000 issues was
 * nearly all of a board fetch. The caller's key holds the board's version (every
 * write to a board's columns, labels or issues bumps it in the same transaction) read before
 * the answer is built, so a write through any replica makes the next fetch here a miss; and
 * what no board write versions (its team: names, e-mails, avatars, the lead).
 */
export function createBoardAnswers(capacity = REMEMBERED_ISSUES) {
  const entries = new Map<number, Entry>();
  let held = 0;

  const forget = (boardId: number) => {
    const entry = entries.get(boardId);
    if (!entry) return;
    entries.delete(boardId);
    held -= entry.weight;
  };

  return {
    /** The board's answer for `key`: the one remembered, or `build`'s (remembered if it may be). */
    async answer(boardId: number, key: string, build: () => Promise<BuiltAnswer>): Promise<PreparedJson> {
      const entry = entries.get(boardId);
      if (entry?.key === key) {
        entries.delete(boardId); // to the back of the queue: fetched most recently
        entries.set(boardId, entry);
        return entry.answer;
      }
      const built = await build();
      forget(boardId);
      if (!built.keep || built.issues > capacity) return built.answer;
      // An empty board still takes room: counted as one issue.
      const weight = built.issues + 1;
      entries.set(boardId, { key, answer: built.answer, weight });
      held += weight;
      for (const oldest of entries.keys()) {
        if (held <= capacity) break;
        forget(oldest);
      }
      return built.answer;
    },
    forget,
  };
}
