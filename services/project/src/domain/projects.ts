import { and, asc, count, desc, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import {
  defaultColumns,
  messages,
  type ProjectDto,
  type ProjectMemberDto,
  type UpdateProjectRequest,
  type UserRef,
} from '@trackboard/contracts';
import {
  activityFeed,
  Conflict,
  Forbidden,
  HttpError,
  NotFound,
  isUniqueViolation,
  issueDirectory,
  projectBoards,
  userDirectory,
  type AuthUser,
  type Db,
  type Outbox,
  type ServiceClient,
} from '@trackboard/server-kit';
import { activity, members, projects } from '../db/schema';
import {
  canArchiveProject,
  canDeleteProject,
  canEditProject,
  canRemoveMembers,
  canSeeProject,
  seesEveryProject,
  type Membership,
} from './permissions';

type ProjectRow = typeof projects.$inferSelect;

const userRef = (u: { id: number; name: string; email: string }): UserRef => ({
  id: String(u.id),
  name: u.name,
  email: u.email,
});

export type ProjectsDeps = {
  db: Db;
  /** The board service's API: a new project's first board is made there, not in its tables. */
  boardService: ServiceClient;
  /** Events are recorded in the change's transaction and relayed after commit. */
  outbox: Outbox;
};

export function createProjects({ db, boardService, outbox }: ProjectsDeps) {
  async function membershipOf(user: AuthUser, project: ProjectRow): Promise<Membership> {
    const [row] = await db
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.projectId, project.id), eq(members.userId, Number(user.id))));
    return row ? { isLead: project.leadId === row.userId } : null;
  }

  /** A project the caller may see, with their membership; anyone else gets the same 404. */
  async function visible(user: AuthUser, key: string) {
    const [project] = await db.select().from(projects).where(eq(projects.key, key));
    const membership = project ? await membershipOf(user, project) : null;
    if (!project || !canSeeProject(user, membership)) throw new NotFound(messages.projectNotFound);
    return { project, membership };
  }

  /** An archived project is read-only for everyone (issue 15) until it is unarchived. */
  function refuseArchived(project: ProjectRow): void {
    if (project.archivedAt !== null) throw new Conflict(messages.projectArchived);
  }

  async function editable(user: AuthUser, key: string) {
    const found = await visible(user, key);
    if (!canEditProject(user, found.membership)) throw new Forbidden(messages.onlyLeadEdits);
    refuseArchived(found.project);
    return found.project;
  }

  /**
   * Archives or unarchives (issue 15): only the timestamp changes, in a statement that also
   * checks the current state, so two requests at once change it once and the other gets 409.
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

  /**
   * When each project last saw activity: its own (members, edits) or its boards' (issues, comments,
   * as the board service publishes them), one grouped query each, whatever the number of projects.
   */
  async function lastActivityOf(ids: number[]): Promise<Map<number, number>> {
    const latest = new Map<number, number>();
    const take = (rows: { projectId: number; at: Date | string | null }[]) => {
      for (const { projectId, at } of rows) {
        if (at === null) continue;
        const time = new Date(at).getTime();
        if (time > (latest.get(Number(projectId)) ?? 0)) latest.set(Number(projectId), time);
      }
    };
    take(
      await db
        .select({ projectId: activity.projectId, at: max(activity.createdAt) })
        .from(activity)
        .where(inArray(activity.projectId, ids))
        .groupBy(activity.projectId),
    );
    take(
      await db
        .select({ projectId: activityFeed.projectId, at: max(activityFeed.createdAt) })
        .from(activityFeed)
        .where(inArray(activityFeed.projectId, ids))
        .groupBy(activityFeed.projectId),
    );
    return latest;
  }

  /**
   * Projects with lead, members, boards (each with its issue count) and last activity in six
   * queries, whatever their number.
   */
  async function toDtos(rows: ProjectRow[]): Promise<ProjectDto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((p) => p.id);
    const memberRows = await db
      .select({
        projectId: members.projectId,
        id: userDirectory.id,
        name: userDirectory.name,
        email: userDirectory.email,
      })
      .from(members)
      .innerJoin(userDirectory, eq(userDirectory.id, members.userId))
      .where(inArray(members.projectId, ids))
      .orderBy(asc(members.addedAt), asc(members.userId));
    const boardRows = await db
      .select()
      .from(projectBoards)
      .where(inArray(projectBoards.projectId, ids))
      .orderBy(asc(projectBoards.createdAt), asc(projectBoards.id));
    // One grouped count for every board listed, by board id (issues are indexed by board, not by
    // project); a board without issues has no row and counts 0.
    const boardIds = boardRows.map((b) => b.id);
    const issueCounts = new Map(
      boardIds.length === 0
        ? []
        : (
            await db
              .select({ boardId: issueDirectory.boardId, n: count() })
              .from(issueDirectory)
              .where(inArray(issueDirectory.boardId, boardIds))
              .groupBy(issueDirectory.boardId)
          ).map((r) => [Number(r.boardId), Number(r.n)]),
    );
    const lastActive = await lastActivityOf(ids);
    return rows.map((p) => {
      const team: ProjectMemberDto[] = memberRows
        .filter((m) => m.projectId === p.id)
        .map((m) => ({ ...userRef(m), isLead: m.id === p.leadId }));
      const lead = team.find((m) => m.isLead);
      return {
        id: String(p.id),
        key: p.key,
        name: p.name,
        description: p.description,
        lead: lead
          ? { id: lead.id, name: lead.name, email: lead.email }
          : { id: String(p.leadId), name: 'Unknown User', email: '' },
        members: team,
        boards: boardRows
          .filter((b) => b.projectId === p.id)
          .map((b) => ({ id: String(b.id), name: b.name, issueCount: issueCounts.get(b.id) ?? 0 })),
        createdAt: p.createdAt.toISOString(),
        lastActiveAt: new Date(Math.max(p.createdAt.getTime(), lastActive.get(p.id) ?? 0)).toISOString(),
        archivedAt: p.archivedAt?.toISOString() ?? null,
      };
    });
  }

  const toDto = async (row: ProjectRow) => (await toDtos([row]))[0]!;
  // Read before a transaction, never inside one: PGlite has one connection, so a query
  // outside an open transaction would wait for it forever.
  const nameOf = async (id: number) => (await db.select().from(userDirectory).where(eq(userDirectory.id, id)))[0];
  const actorName = async (user: AuthUser) => (await nameOf(Number(user.id)))?.name ?? 'Someone';

  return {
    membershipOf,

    /** Archived projects only with `archived` (issue 15's "Show archived"). */
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

    async members(user: AuthUser, key: string): Promise<ProjectMemberDto[]> {
      return (await toDto((await visible(user, key)).project)).members;
    },

    /** Adding needs an ACTIVE account with that e-mail; the new member is told (`member.added`). */
    async addMember(user: AuthUser, key: string, email: string): Promise<ProjectDto> {
      const project = await editable(user, key);
      const [account] = await db
        .select()
        .from(userDirectory)
        .where(and(eq(sql`lower(${userDirectory.email})`, email.toLowerCase()), eq(userDirectory.status, 'ACTIVE')));
      if (!account) throw new NotFound(messages.userNotFound);
      const actor = await actorName(user);
      try {
        await outbox.transaction(async (tx) => {
          await tx.insert(members).values({ projectId: project.id, userId: account.id });
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} added ${account.name} to ${project.key}`,
          });
          await outbox.recordEvent(tx, {
            type: 'member.added',
            projectId: String(project.id),
            projectKey: project.key,
            projectName: project.name,
            userId: String(account.id),
            actorId: String(user.id),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.alreadyMember(account.email));
        throw error;
      }
      return toDto(project);
    },

    /** The lead or an admin removes anyone but the lead; board rooms hear it once committed, even after a Redis outage. */
    async removeMember(user: AuthUser, key: string, userId: number): Promise<ProjectDto> {
      const { project, membership } = await visible(user, key);
      if (!canRemoveMembers(user, membership)) throw new Forbidden(messages.removeMemberForbidden);
      refuseArchived(project);
      if (userId === project.leadId) throw new Conflict(messages.leadCannotBeRemoved);
      const removedName = (await nameOf(userId))?.name ?? 'someone';
      const actor = await actorName(user);
      const removed = await outbox.transaction(async (tx) => {
        const gone = await tx
          .delete(members)
          .where(and(eq(members.projectId, project.id), eq(members.userId, userId)))
          .returning();
        if (gone.length) {
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} removed ${removedName} from ${project.key}`,
          });
          await outbox.recordEvent(tx, {
            type: 'membership.removed',
            projectId: String(project.id),
            userId: String(userId),
            actorId: String(user.id),
          });
        }
        return gone.length > 0;
      });
      if (!removed) throw new NotFound(messages.notAMember);
      return toDto(project);
    },
  };
}
export type Projects = ReturnType<typeof createProjects>;
