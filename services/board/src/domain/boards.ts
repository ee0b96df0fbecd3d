import { eq, sql } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { NotFound, type AuthUser, type Db } from '@trackboard/server-kit';
import { boards } from '../db/schema';
import { canSeeAnyBoard } from './permissions';

export type BoardDto = { id: string; name: string; projectId: string; version: number; columns: unknown[]; users: unknown[] };

const toBoardDto = (row: typeof boards.$inferSelect): BoardDto => ({
  id: String(row.id),
  name: row.name,
  projectId: String(row.projectId),
  version: row.version,
  columns: [],
  users: [],
});

export type BoardEvents = { boardChanged(board: BoardDto): void };

export function createBoards(db: Db, events: BoardEvents) {
  async function visibleBoard(user: AuthUser, id: string) {
    const numericId = Number(id);
    if (!Number.isSafeInteger(numericId) || numericId < 1 || !canSeeAnyBoard(user)) throw new NotFound(messages.boardNotFound);
    const [row] = await db.select().from(boards).where(eq(boards.id, numericId));
    if (!row) throw new NotFound(messages.boardNotFound);
    return row;
  }

  return {
    async canSee(user: AuthUser, id: string): Promise<boolean> {
      return visibleBoard(user, id).then(
        () => true,
        () => false,
      );
    },

    async get(user: AuthUser, id: string): Promise<BoardDto> {
      return toBoardDto(await visibleBoard(user, id));
    },

    async create(user: AuthUser, projectId: number, input: { name: string }): Promise<BoardDto> {
      if (!canSeeAnyBoard(user)) throw new NotFound(messages.notFound);
      const [row] = await db.insert(boards).values({ projectId, name: input.name }).returning();
      return toBoardDto(row!);
    },

    async rename(user: AuthUser, id: string, input: { name: string }): Promise<BoardDto> {
      const board = await visibleBoard(user, id);
      const [row] = await db
        .update(boards)
        .set({ name: input.name, version: sql`${boards.version} + 1` })
        .where(eq(boards.id, board.id))
        .returning();
      const dto = toBoardDto(row!);
      events.boardChanged(dto);
      return dto;
    },
  };
}
export type Boards = ReturnType<typeof createBoards>;
