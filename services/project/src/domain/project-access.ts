import { and, eq } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { Conflict, Forbidden, NotFound, userDirectory, type AuthUser, type Db } from '@trackboard/server-kit';
import { members, projects } from '../db/schema';
import { canEditProject, canSeeProject, type Membership } from './permissions';

export type ProjectRow = typeof projects.$inferSelect;

/** An archived project is read-only for everyone until it is unarchived. */
export function refuseArchived(project: ProjectRow): void {
  if (project.archivedAt !== null) throw new Conflict(messages.projectArchived);
}

/** Finding a project for a caller, and the names activity lines are written with. */
export function createProjectAccess(db: Db) {
  async function membershipOf(user: AuthUser, project: ProjectRow): Promise<Membership> {
    const [row] = await db
      .select({ userId: members.userId, role: members.role })
      .from(members)
      .where(and(eq(members.projectId, project.id), eq(members.userId, Number(user.id))));
    if (!row) return null;
    const isLead = project.leadId === row.userId;
    return { isLead, isViewer: !isLead && row.role === 'viewer' };
  }

  /** A project the caller may see, with their membership; anyone else gets the same 404. */
  async function visible(user: AuthUser, key: string) {
    const [project] = await db.select().from(projects).where(eq(projects.key, key));
    const membership = project ? await membershipOf(user, project) : null;
    if (!project || !canSeeProject(user, membership)) throw new NotFound(messages.projectNotFound);
    return { project, membership };
  }

  /** A project the caller may edit, and not archived. */
  async function editable(user: AuthUser, key: string) {
    const found = await visible(user, key);
    if (!canEditProject(user, found.membership)) throw new Forbidden(messages.onlyLeadEdits);
    refuseArchived(found.project);
    return found.project;
  }

  // Read before a transaction, never inside one: PGlite has one connection, so a query
  // outside an open transaction would wait for it forever.
  const nameOf = async (id: number) => (await db.select().from(userDirectory).where(eq(userDirectory.id, id)))[0];
  const actorName = async (user: AuthUser) => (await nameOf(Number(user.id)))?.name ?? 'Someone';

  return { membershipOf, visible, editable, nameOf, actorName };
}
export type ProjectAccess = ReturnType<typeof createProjectAccess>;
