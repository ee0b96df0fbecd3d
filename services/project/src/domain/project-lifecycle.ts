import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { defaultColumns, messages, type ProjectDto, type UpdateProjectRequest } from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  HttpError,
  isUniqueViolation,
  type AuthUser,
  type Db,
  type Outbox,
  type ServiceClient,
} from '@trackboard/server-kit';
import { activity, members, projects } from '../db/schema';
import type { ProjectAccess, ProjectRow } from './project-access';
import type { ProjectDtos } from './project-dtos';
import { canArchiveProject, canDeleteProject, seesEveryProject } from './permissions';

export type ProjectLifecycleDeps = {
  db: Db;
  /** The board service's API: a new project's first board is made there, not in its tables. */
  boardService: ServiceClient;
  /** Events are recorded in the change's transaction and relayed after commit. */
  outbox: Outbox;
  access: ProjectAccess;
  dtos: ProjectDtos;
};

/** A project from creation to deletion: listing, reading, editing, archiving. */
export function createProjectLifecycle({ db, boardService, outbox, access, dtos }: ProjectLifecycleDeps) {
  const { visible, editable, nameOf, actorName } = access;
  const { toDto, toDtos } = dtos;

  /**
   * Archives or unarchives: only the timestamp changes, in a statement that also checks the
   * current state, so two requests at once change it once and the other gets 409.
   */
  async function setArchived(user: AuthUser, key: string, archive: boolean): Promise<ProjectDto> {
    const { project, membership } = await visible(user, key);
    if (!canArchiveProject(user, membership)) throw new Forbidden(messages.archiveForbidden);
    const actor = await actorName(user);
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(projects)
        .set({ archivedAt: archive ? sql`now()` : null })
        .where(
          and(
            eq(projects.id, project.id),
            archive ? isNull(projects.archivedAt) : sql`${projects.archivedAt} is not null`,
          ),
        )
        .returning();
      if (!updated) return null;
      await tx.insert(activity).values({
        projectId: project.id,
        actorId: Number(user.id),
        description: `${actor} ${archive ? 'archived' : 'unarchived'} project ${project.key}`,
      });
      return updated;
    });
    if (!row) throw new Conflict(archive ? messages.alreadyArchived : messages.notArchived);
    return toDto(row);
  }

  return {
    /** Archived projects only with `archived` (the projects page's "Show archived"). */
    async list(user: AuthUser, { archived = false }: { archived?: boolean } = {}): Promise<ProjectDto[]> {
      const shown: SQL | undefined = archived ? undefined : isNull(projects.archivedAt);
      const rows = seesEveryProject(user)
        ? await db.select().from(projects).where(shown).orderBy(desc(projects.createdAt), desc(projects.id))
        : await db
            .select({ project: projects })
            .from(projects)
            .innerJoin(members, and(eq(members.projectId, projects.id), eq(members.userId, Number(user.id))))
            .where(shown)
            .orderBy(desc(projects.createdAt), desc(projects.id))
            .then((r) => r.map((x) => x.project));
      return toDtos(rows);
    },

    archive: (user: AuthUser, key: string) => setArchived(user, key, true),
    unarchive: (user: AuthUser, key: string) => setArchived(user, key, false),

    async get(user: AuthUser, key: string): Promise<ProjectDto> {
      return toDto((await visible(user, key)).project);
    },

    /**
     * The creator becomes lead and member; the first board (To Do, In Progress, Done) is made
     * through the board service's API. If that fails, the project is removed again, so a
     * failed creation leaves nothing behind.
     */
    async create(
      user: AuthUser,
      token: string,
      input: { name: string; key: string; description?: string },
    ): Promise<ProjectDto> {
      let project: ProjectRow;
      const actor = await actorName(user);
      try {
        project = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(projects)
            .values({ key: input.key, name: input.name, description: input.description ?? '', leadId: Number(user.id) })
            .returning();
          await tx.insert(members).values({ projectId: row!.id, userId: row!.leadId });
          await tx
            .insert(activity)
            .values({ projectId: row!.id, actorId: row!.leadId, description: `${actor} created project ${row!.key}` });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.projectKeyTaken);
        throw error;
      }
      try {
        const res = await boardService('POST', `/api/projects/${project.id}/boards`, {
          token,
          body: { name: `${project.name} Board`, columns: [...defaultColumns] },
        });
        if (!res.ok) throw new HttpError(503, messages.serviceUnavailable);
      } catch (error) {
        await db.delete(projects).where(eq(projects.id, project.id));
        throw error;
      }
      return toDto(project);
    },

    async update(user: AuthUser, key: string, input: UpdateProjectRequest): Promise<ProjectDto> {
      const project = await editable(user, key);
      const changes: Partial<ProjectRow> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.estimateScale !== undefined) changes.estimateScale = input.estimateScale;
      if (input.viewersMayComment !== undefined) changes.viewersMayComment = input.viewersMayComment;
      let newLead: Awaited<ReturnType<typeof nameOf>>;
      if (input.leadId !== undefined) {
        if (input.leadId === project.leadId) throw new Conflict(messages.sameLead);
        const [isMember] = await db
          .select()
          .from(members)
          .where(and(eq(members.projectId, project.id), eq(members.userId, input.leadId)));
        if (!isMember) throw new Conflict(messages.leadMustBeMember);
        newLead = await nameOf(input.leadId);
        changes.leadId = input.leadId;
      }
      // An edit that changes nothing (the same name, an empty description left empty) writes
      // nothing: no "updated project" line in the activity feed for it.
      if (Object.entries(changes).every(([field, value]) => project[field as keyof ProjectRow] === value))
        return toDto(project);
      const actor = await actorName(user);
      const [row] = await db.transaction(async (tx) => {
        const updated = await tx.update(projects).set(changes).where(eq(projects.id, project.id)).returning();
        if (changes.leadId !== undefined) {
          // A viewer made lead edits from now on, and stays a member when the lead moves on.
          await tx
            .update(members)
            .set({ role: 'member' })
            .where(and(eq(members.projectId, project.id), eq(members.userId, changes.leadId)));
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} made ${newLead?.name ?? 'someone'} the lead of ${project.key}`,
          });
        } else {
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} updated project ${project.key}`,
          });
        }
        return updated;
      });
      return toDto(row!);
    },

    async remove(user: AuthUser, key: string): Promise<void> {
      const { project, membership } = await visible(user, key);
      if (!canDeleteProject(user, membership)) throw new Forbidden(messages.deleteProjectForbidden);
      // Members and project activity go with the row; the board service removes the boards (and
      // refuses them from this commit on) when it handles the event.
      await outbox.transaction(async (tx) => {
        await tx.delete(projects).where(eq(projects.id, project.id));
        await outbox.recordEvent(tx, { type: 'project.deleted', projectId: String(project.id) });
      });
    },
  };
}
