import { and, asc, eq, sql } from 'drizzle-orm';
import { defaultColumns, messages } from '@trackboard/contracts';
import { Forbidden, NotFound, type AuthUser, type Db } from '@trackboard/server-kit';
import { memberships, userDirectory } from '../db/published-views';
import { boards, columns } from '../db/schema';
import { canArrangeBoard, canSeeBoard, type Membership } from './permissions';

export type ColumnDto = { id: string; name: string; issues: unknown[] };
export type BoardDto = {
  id: string;
  name: string;
  projectId: string;
  version: number;
  columns: ColumnDto[];
  users: { id: string; name: string; email: string; avatarUrl: string | null }[];
};

export type BoardEvents = { boardChanged(board: { id: string; version: number }): void };

const parseId = (id: string | number) => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function createBoards(db: Db, events: BoardEvents) {
  async function membershipOf(user: AuthUser, projectId: number): Promise<Membership> {
    const [row] = await db
      .select({ isLead: memberships.isLead })
      .from(memberships)
      .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, Number(user.id))));
    return row ?? null;
  }

  /** A board the caller may see; anyone else gets the same 404 as for a missing board. */
  async function visibleBoard(user: AuthUser, id: string) {
    const numericId = parseId(id);
    const [row] = numericId ? await db.select().from(boards).where(eq(boards.id, numericId)) : [];
    const membership = row ? await membershipOf(user, row.projectId) : null;
    if (!row || !canSeeBoard(user, membership)) throw new NotFound(messages.boardNotFound);
    return { board: row, membership };
  }

  async function toDto(row: typeof boards.$inferSelect): Promise<BoardDto> {
    const cols = await db.select().from(columns).where(eq(columns.boardId, row.id)).orderBy(asc(columns.position), asc(columns.id));
    const users = await db
      .select({ id: userDirectory.id, name: userDirectory.name, email: userDirectory.email, avatarUrl: userDirectory.avatarUrl })
      .from(memberships)
      .innerJoin(userDirectory, eq(userDirectory.id, memberships.userId))
      .where(eq(memberships.projectId, row.projectId))
      .orderBy(asc(userDirectory.name));
    return {
      id: String(row.id),
      name: row.name,
      projectId: String(row.projectId),
      version: row.version,
      columns: cols.map((c) => ({ id: String(c.id), name: c.name, issues: [] })),
      users: users.map((u) => ({ ...u, id: String(u.id) })),
    };
  }

  return {
    async canSee(user: AuthUser, id: string): Promise<boolean> {
      return visibleBoard(user, id).then(
        () => true,
        () => false,
      );
    },

    /** Ids of a project's boards: the rooms a removed member must leave. */
    async boardIdsOfProject(projectId: string): Promise<string[]> {
      const id = parseId(projectId);
      if (!id) return [];
      return (await db.select({ id: boards.id }).from(boards).where(eq(boards.projectId, id))).map((b) => String(b.id));
    },

    async get(user: AuthUser, id: string): Promise<BoardDto> {
      return toDto((await visibleBoard(user, id)).board);
    },

    /** A board under a project, with its columns (a new project's first board: To Do, In Progress, Done). */
    async create(user: AuthUser, projectId: number, input: { name: string; columns?: string[] }): Promise<BoardDto> {
      const membership = await membershipOf(user, projectId);
      if (!canSeeBoard(user, membership)) throw new NotFound(messages.projectNotFound);
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.boardCreateForbidden);
      const row = await db.transaction(async (tx) => {
        const [board] = await tx.insert(boards).values({ projectId, name: input.name }).returning();
        const names = input.columns ?? [...defaultColumns];
        if (names.length) await tx.insert(columns).values(names.map((name, position) => ({ boardId: board!.id, name, position })));
        return board!;
      });
      return toDto(row);
    },

    async rename(user: AuthUser, id: string, input: { name: string }): Promise<BoardDto> {
      const { board, membership } = await visibleBoard(user, id);
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.boardCreateForbidden);
      const [row] = await db
        .update(boards)
        .set({ name: input.name, version: sql`${boards.version} + 1` })
        .where(eq(boards.id, board.id))
        .returning();
      events.boardChanged({ id: String(row!.id), version: row!.version });
      return toDto(row!);
    },
  };
}
export type Boards = ReturnType<typeof createBoards>;
