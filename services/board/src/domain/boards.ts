import { asc, eq } from 'drizzle-orm';
import { defaultColumns, messages, type BoardDto, type IssueDto } from '@trackboard/contracts';
import {
  Forbidden,
  Invalid,
  NotFound,
  memberships,
  projectDirectory,
  userDirectory,
  type AuthUser,
  type Db,
  type PreparedJson,
} from '@trackboard/server-kit';
import { boards, columns } from '../db/schema';
import { writable, type Access } from './access';
import type { BoardWrites } from './board-writes';
import { toBoardDto } from './dto';
import { createBoardAnswers } from './board-answers';
import { boardIssueDtos } from './issue-dto';
import { boardLabels } from './labels';
import { canArrangeBoard, canSeeBoard } from './permissions';

export function createBoards(db: Db, access: Access, { withBoardWrite, announceRemoved }: BoardWrites) {
  const remembered = createBoardAnswers();

  /**
   * The project's team as a board shows it (its users, the lead, the viewers, the project's key),
   * its estimate scale and whether viewers comment: project facts no board write versions, so the
   * remembered answer's key holds them.
   */
  const teamOf = (projectId: number) =>
    db
      .select({
        id: userDirectory.id,
        name: userDirectory.name,
        email: userDirectory.email,
        avatarUrl: userDirectory.avatarUrl,
        isLead: memberships.isLead,
        isViewer: memberships.isViewer,
        projectKey: memberships.projectKey,
        estimateScale: projectDirectory.estimateScale,
        viewersMayComment: projectDirectory.viewersMayComment,
      })
      .from(memberships)
      .innerJoin(userDirectory, eq(userDirectory.id, memberships.userId))
      .innerJoin(projectDirectory, eq(projectDirectory.id, memberships.projectId))
      .where(eq(memberships.projectId, projectId))
      .orderBy(asc(userDirectory.name));
  type Team = Awaited<ReturnType<typeof teamOf>>;

  /** The board around its issues: its columns, labels and team, each column's issues left out. */
  async function frame(board: typeof boards.$inferSelect, team: Team, issues: IssueDto[] = []): Promise<BoardDto> {
    const cols = await db
      .select()
      .from(columns)
      .where(eq(columns.boardId, board.id))
      .orderBy(asc(columns.position), asc(columns.id));
    const labels = await boardLabels(db, board.id);
    return toBoardDto(board, {
      projectKey: team[0]?.projectKey ?? '',
      leadId: team.find((u) => u.isLead)?.id ?? null,
      viewerIds: team.filter((u) => u.isViewer).map((u) => String(u.id)),
      viewersMayComment: team[0]?.viewersMayComment ?? true,
      estimateScale: team[0]?.estimateScale ?? 'none',
      columns: cols,
      issues,
      users: team.map((u) => ({ id: String(u.id), name: u.name, email: u.email, avatarUrl: u.avatarUrl })),
      labels,
    });
  }

  /** The whole board in four queries after the access check, however many issues it holds. */
  const load = async (board: typeof boards.$inferSelect): Promise<BoardDto> =>
    frame(board, await teamOf(board.projectId), await boardIssueDtos(db, board.id));

  return {
    async canSee(user: AuthUser, id: number): Promise<boolean> {
      return access.board(user, id).then(
        () => true,
        () => false,
      );
    },

    /** Ids of a project's boards: the rooms a removed member must leave. */
    async boardIdsOfProject(projectId: number): Promise<string[]> {
      return (await db.select({ id: boards.id }).from(boards).where(eq(boards.projectId, projectId))).map((b) =>
        String(b.id),
      );
    },

    /**
     * The board as a fetch answers it, from the cards this replica keeps up to date
     * (board-answers.ts): the access check and the team are all an unchanged board reads.
     */
    async answer(user: AuthUser, id: number): Promise<PreparedJson> {
      const { board } = await access.board(user, id);
      const team = await teamOf(board.projectId);
      return remembered.answer(board.id, {
        version: board.version,
        teamKey: JSON.stringify(team),
        issues: () => boardIssueDtos(db, board.id),
        frame: (version) => frame({ ...board, version }, team),
      });
    },

    /** A change the board room hears, made here or on another replica: kept answers follow it. */
    heard: remembered.heard,

    /** A board under a project, with its columns (a new project's first board: To Do, In Progress, Done). */
    async create(user: AuthUser, projectId: number, input: { name: string; columns?: string[] }): Promise<BoardDto> {
      const project = await access.projectAccess(user, projectId);
      if (!project || !canSeeBoard(user, project.membership)) throw new NotFound(messages.projectNotFound);
      const { membership } = project;
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.boardCreateForbidden);
      writable(project);
      const row = await db.transaction(async (tx) => {
        const [board] = await tx.insert(boards).values({ projectId, name: input.name }).returning();
        const names = input.columns ?? [...defaultColumns];
        if (names.length)
          await tx.insert(columns).values(names.map((name, position) => ({ boardId: board!.id, name, position })));
        return board!;
      });
      return load(row);
    },

    async rename(user: AuthUser, id: number, input: { name: string }, originId?: string): Promise<BoardDto> {
      const { board, membership } = await access.board(user, id);
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.arrangeForbidden);
      const { version } = await withBoardWrite(board, originId, async (tx) => {
        await tx.update(boards).set({ name: input.name }).where(eq(boards.id, board.id));
        return { result: undefined, columnsChanged: true };
      });
      return load({ ...board, name: input.name, version });
    },

    /**
     * Its columns, issues and comments go with it; a project's last board stays: a project
     * always has a first board for /board/{key} to open.
     */
    async remove(user: AuthUser, id: number): Promise<void> {
      const scope = await access.board(user, id);
      if (!canArrangeBoard(user, scope.membership)) throw new Forbidden(messages.arrangeForbidden);
      const { board } = writable(scope);
      const removed = await db.transaction(async (tx) => {
        // Counting and deleting under a lock on all the project's boards (taken in id order, so
        // two deletes queue rather than deadlock): of two deletes of a project's last two boards
        // at once, the second waits here, then no longer sees the first's board and is refused.
        const left = await tx
          .select({ id: boards.id })
          .from(boards)
          .where(eq(boards.projectId, board.projectId))
          .orderBy(asc(boards.id))
          .for('update');
        if (!left.some((b) => b.id === board.id)) return false;
        if (left.length < 2) throw new Invalid(messages.lastBoard);
        await tx.delete(boards).where(eq(boards.id, board.id));
        return true;
      });
      if (!removed) throw new NotFound(messages.boardNotFound);
      announceRemoved(board); // its room, and the answers kept of it, hear it go
    },
  };
}
export type Boards = ReturnType<typeof createBoards>;
