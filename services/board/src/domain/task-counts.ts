import { and, eq, isNull, sql } from 'drizzle-orm';
import { taskCounts } from '@trackboard/contracts';
import type { Db, Logger } from '@trackboard/server-kit';
import { issues } from '../db/schema';
import type { BoardWrites } from './board-writes';

// A card shows "2/5" when its description holds tasks. The board fetch reads the counts stored
// beside the description (issue-dto.ts) rather than parsing up to 5,000 descriptions per fetch,
// so every write of a description writes its counts too: create, PATCH, a tick, an import.

/** The issue columns that go with `description`, in the same write. */
export function taskCountColumns(description: string): { taskDone: number; taskTotal: number } {
  const { done, total } = taskCounts(description);
  return { taskDone: done, taskTotal: total };
}

/**
 * Counts the tasks of the issues written before the counts were stored (null since migration
 * 0018), a board at a time: under the board's lock, like any board write, so a description
 * edited meanwhile is counted as it is then. A board whose cards gain a count has its version
 * bumped and its room told to fetch it again, so no replica keeps answering the board without
 * them (board-answers.ts remembers answers by version). Safe on several replicas at once: a
 * board already counted by one has no uncounted issue left for the next.
 */
export function createTaskCountBackfill(db: Db, { withBoardWrite }: BoardWrites, log: Logger) {
  async function countBoard(boardId: number): Promise<void> {
    await withBoardWrite(
      { id: boardId },
      undefined,
      async (tx) => {
        const uncounted = await tx
          .select({ id: issues.id, description: issues.description })
          .from(issues)
          .where(and(eq(issues.boardId, boardId), isNull(issues.taskTotal)));
        const counted = uncounted.map((row) => ({ id: row.id, ...taskCountColumns(row.description) }));
        if (counted.length)
          await tx.execute(sql`update ${issues} set task_done = counted.done, task_total = counted.total
            from unnest(${sql.param(counted.map((c) => c.id))}::bigint[], ${sql.param(counted.map((c) => c.taskDone))}::smallint[],
              ${sql.param(counted.map((c) => c.taskTotal))}::smallint[]) as counted(id, done, total)
            where ${issues.id} = counted.id`);
        return { result: undefined, ...(counted.some((c) => c.taskTotal > 0) && { columnsChanged: true }) };
      },
      // Counting changes no one's work: an archived project's cards are counted too.
      { evenIfArchived: true },
    );
  }

  /** Every board with an uncounted issue, one after another; resolves when all are counted. */
  async function run(): Promise<void> {
    const boards = await db.selectDistinct({ boardId: issues.boardId }).from(issues).where(isNull(issues.taskTotal));
    for (const { boardId } of boards)
      // A board removed meanwhile has nothing left to count.
      await countBoard(boardId).catch((err: unknown) => log.warn({ err, boardId }, 'counting a board’s tasks failed'));
    if (boards.length) log.info({ boards: boards.length }, 'counted the tasks of issues written before task counts');
  }

  return {
    run,
    /** Runs once in the background; a failure is logged, and the next start tries again. */
    start(): Promise<void> {
      return run().catch((err: unknown) => log.warn({ err }, 'counting the tasks of older issues failed'));
    },
  };
}
