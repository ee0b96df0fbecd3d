import { eq } from 'drizzle-orm';
import type { Db } from '@trackboard/server-kit';
import { boards, columns, issueNumbers, labels } from '../../db/schema';
import { batches, type ImportTarget } from './import-batches';
import type { ImportPlan } from './import-plan';

/** Where the plan's boards and columns went: their ids, by the plan's board and column positions. */
export type WrittenBoards = {
  boardIds: number[];
  columnId: (board: number, position: number) => number;
};

/**
 * The plan's boards and columns. The project service made the project's first board; it is taken
 * over as the plan's first, with the project's issue counter set past the last imported number.
 */
export async function writeBoards(
  db: Db,
  target: ImportTarget,
  plan: ImportPlan,
  lastNumber: number,
): Promise<WrittenBoards> {
  const first = await db.transaction(async (tx) => {
    const [board] = await tx
      .select({ id: boards.id })
      .from(boards)
      .where(eq(boards.projectId, target.projectId))
      .orderBy(boards.id)
      .limit(1)
      .for('update');
    if (!board) throw new Error(`project ${target.projectKey} has no board to import into`);
    await tx.delete(columns).where(eq(columns.boardId, board.id));
    await tx.update(boards).set({ name: plan.boards[0]!.name }).where(eq(boards.id, board.id));
    await tx.insert(issueNumbers).values({ projectId: target.projectId, lastNumber });
    return board;
  });
  const more =
    plan.boards.length > 1
      ? await db
          .insert(boards)
          .values(plan.boards.slice(1).map((b) => ({ projectId: target.projectId, name: b.name })))
          .returning({ id: boards.id })
      : [];
  const boardIds = [first.id, ...more.map((b) => b.id)];

  const columnRows = await db
    .insert(columns)
    .values(
      plan.boards.flatMap((board, b) =>
        board.columns.map((column, position) => ({
          boardId: boardIds[b]!,
          name: column.name,
          position,
          wipLimit: column.wipLimit,
        })),
      ),
    )
    .returning({ id: columns.id, boardId: columns.boardId, position: columns.position });
  const columnId = (b: number, position: number) =>
    columnRows.find((c) => c.boardId === boardIds[b] && c.position === position)!.id;
  return { boardIds, columnId };
}

/**
 * Each board's labels, plus any name an issue carries that the board's list lacks (gray).
 * Returns an issue's label ids from its label names.
 */
export async function writeLabels(db: Db, plan: ImportPlan, boardIds: number[]) {
  const labelIds = new Map<string, { id: number; name: string }>();
  const labelRows = plan.boards.flatMap((board, b) => {
    const byName = new Map(board.labels.map((l) => [l.name.toLowerCase(), l]));
    for (const column of board.columns)
      for (const issue of column.issues)
        for (const name of issue.labels)
          if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), { name, color: 'gray' });
    return [...byName.values()].map((l) => ({ boardId: boardIds[b]!, name: l.name, color: l.color }));
  });
  for (const part of batches(labelRows)) {
    const written = await db
      .insert(labels)
      .values(part)
      .returning({ id: labels.id, boardId: labels.boardId, name: labels.name });
    for (const l of written) labelIds.set(`${l.boardId}|${l.name.toLowerCase()}`, l);
  }
  // An issue keeps its label ids in the board's label order (by name, case aside), as every write does.
  return (boardId: number, names: string[]) =>
    [...new Map(names.map((n) => labelIds.get(`${boardId}|${n.toLowerCase()}`)!).map((l) => [l.id, l])).values()]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
      .map((l) => l.id);
}
