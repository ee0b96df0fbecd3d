import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  canChangeSavedView,
  canSeeProject,
  canSeeSavedView,
  isAdmin,
  messages,
  type SavedViewDto,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  isUniqueViolation,
  NotFound,
  projectBoards,
  userDirectory,
  type AuthUser,
  type Db,
} from '@trackboard/server-kit';
import { members, projects, savedViews } from '../db/schema';
import { refuseArchived, type ProjectAccess } from './project-access';

type SavedViewRow = typeof savedViews.$inferSelect;

/** What a create or an edit carries, as the contracts' schemas hand it on. */
export type NewSavedView = { name: string; boardId: number; query: string; shared: boolean };
export type SavedViewChanges = Partial<Pick<NewSavedView, 'name' | 'query' | 'shared'>>;

/** Saved views: who sees which, who changes which, and the name each author uses once per project. */
export function createSavedViews(db: Db, access: ProjectAccess) {
  /**
   * Views with their project's key and author's name, by name. Only views whose board still
   * exists: a view of a deleted board would open a page that is not there.
   */
  async function select(where: SQL | undefined): Promise<SavedViewDto[]> {
    const rows = await db
      .select({ view: savedViews, projectKey: projects.key, authorName: userDirectory.name })
      .from(savedViews)
      .innerJoin(projects, eq(projects.id, savedViews.projectId))
      .innerJoin(
        projectBoards,
        and(eq(projectBoards.id, savedViews.boardId), eq(projectBoards.projectId, savedViews.projectId)),
      )
      .leftJoin(userDirectory, eq(userDirectory.id, savedViews.authorId))
      .where(where)
      .orderBy(asc(projects.key), sql`lower(${savedViews.name})`, asc(savedViews.id));
    return rows.map(({ view, projectKey, authorName }) => toDto(view, projectKey, authorName));
  }

  /** A view the caller may change, with its project; 404 for one they may not see, 403 for one they only see. */
  async function changeable(user: AuthUser, id: number) {
    const [found] = await db
      .select({ view: savedViews, project: projects })
      .from(savedViews)
      .innerJoin(projects, eq(projects.id, savedViews.projectId))
      .where(eq(savedViews.id, id));
    const membership = found ? await access.membershipOf(user, found.project) : null;
    if (!found || !canSeeProject(user, membership) || !canSeeSavedView(user, found.view))
      throw new NotFound(messages.savedViewNotFound);
    if (!canChangeSavedView(user, found.view, membership)) throw new Forbidden(messages.savedViewEditForbidden);
    refuseArchived(found.project);
    return found;
  }

  const dtoOf = async (view: SavedViewRow, projectKey: string) =>
    toDto(view, projectKey, (await access.nameOf(view.authorId))?.name ?? null);

  return {
    /** The caller's own views of the project and its shared ones. */
    async list(user: AuthUser, key: string): Promise<SavedViewDto[]> {
      const { project } = await access.visible(user, key);
      return select(
        and(
          eq(savedViews.projectId, project.id),
          or(eq(savedViews.shared, true), eq(savedViews.authorId, Number(user.id))),
        ),
      );
    },

    /**
     * Every view the caller is offered (the shell's sidebar and palette): the own and the shared
     * views of the projects they belong to, archived ones aside; an administrator's own views of
     * other projects too. Not every shared view of every project an administrator may open.
     */
    async listMine(user: AuthUser): Promise<SavedViewDto[]> {
      const me = Number(user.id);
      const member = sql`exists (select 1 from ${members} where ${members.projectId} = ${savedViews.projectId} and ${members.userId} = ${me})`;
      const mine = eq(savedViews.authorId, me);
      return select(
        and(
          isNull(projects.archivedAt),
          or(and(member, or(eq(savedViews.shared, true), mine)), isAdmin(user) ? mine : undefined),
        ),
      );
    },

    async create(user: AuthUser, key: string, input: NewSavedView): Promise<SavedViewDto> {
      const { project } = await access.visible(user, key);
      refuseArchived(project);
      const [board] = await db
        .select({ id: projectBoards.id })
        .from(projectBoards)
        .where(and(eq(projectBoards.id, input.boardId), eq(projectBoards.projectId, project.id)));
      if (!board) throw new Invalid(messages.savedViewBoardNotInProject);
      const row = await named(() =>
        db
          .insert(savedViews)
          .values({ ...input, projectId: project.id, authorId: Number(user.id) })
          .returning(),
      );
      return dtoOf(row, project.key);
    },

    /** Its author changes anything; the lead or an admin may rename, re-address or unshare a shared one. */
    async update(user: AuthUser, id: number, changes: SavedViewChanges): Promise<SavedViewDto> {
      const { view, project } = await changeable(user, id);
      const row = await named(() =>
        db
          .update(savedViews)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(savedViews.id, view.id))
          .returning(),
      );
      return dtoOf(row, project.key);
    },

    async remove(user: AuthUser, id: number): Promise<void> {
      const { view } = await changeable(user, id);
      await db.delete(savedViews).where(eq(savedViews.id, view.id));
    },
  };
}
export type SavedViews = ReturnType<typeof createSavedViews>;

/** A write that may take a name its author already uses in the project: 409. */
async function named(write: () => Promise<SavedViewRow[]>): Promise<SavedViewRow> {
  let rows: SavedViewRow[];
  try {
    rows = await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(messages.savedViewNameTaken);
    throw error;
  }
  // Deleted by someone else since it was read.
  if (!rows[0]) throw new NotFound(messages.savedViewNotFound);
  return rows[0];
}

function toDto(view: SavedViewRow, projectKey: string, authorName: string | null): SavedViewDto {
  return {
    id: String(view.id),
    projectKey,
    boardId: String(view.boardId),
    name: view.name,
    query: view.query,
    shared: view.shared,
    authorId: String(view.authorId),
    ...(authorName !== null && { authorName }),
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}
