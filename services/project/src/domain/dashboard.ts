import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { messages, type ActivityDto, type DashboardDto, type ProjectDashboardDto } from '@trackboard/contracts';
import { NotFound, activityFeed, issueDirectory, type AuthUser, type Db } from '@trackboard/server-kit';
import { activity, members, projects } from '../db/schema';
import type { AssignedIssues } from './assigned-issues';
import { canSeeProject } from './permissions';
import type { Projects } from './projects';

const RECENT_PROJECTS = 5;
const RECENT_ACTIVITY = 20;

export type Dashboard = ReturnType<typeof createDashboard>;

/**
 * Spec §2.10, §7.3. Activity merges this service's own (members, lead) with what the board
 * service publishes (issues created, moved, commented), newest first.
 */
export function createDashboard(db: Db, projectsDomain: Projects, assignedIssues: AssignedIssues) {
  async function activityOf(projectIds: number[]): Promise<ActivityDto[]> {
    if (projectIds.length === 0) return [];
    const [own, boards] = [
      await db
        .select()
        .from(activity)
        .where(inArray(activity.projectId, projectIds))
        .orderBy(desc(activity.createdAt), desc(activity.id))
        .limit(RECENT_ACTIVITY),
      await db
        .select()
        .from(activityFeed)
        .where(inArray(activityFeed.projectId, projectIds))
        .orderBy(desc(activityFeed.createdAt), desc(activityFeed.id))
        .limit(RECENT_ACTIVITY),
    ];
    return [...own.map((a) => ({ ...a, source: 'p' })), ...boards.map((a) => ({ ...a, source: 'b' }))]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .slice(0, RECENT_ACTIVITY)
      .map((a) => ({
        id: `${a.source}${a.id}`,
        description: a.description,
        timestamp: a.createdAt.toISOString(),
        // A board line about an issue that still exists links to it.
        issue: 'issueKey' in a && a.issueKey ? { key: a.issueKey, boardId: String(a.boardId) } : null,
      }));
  }

  return {
    /**
     * The caller's own view: their projects, the issues assigned to them and what happened in their
     * projects — archived projects left out (read-only, hidden from lists).
     */
    async forUser(user: AuthUser): Promise<DashboardDto> {
      const mine = await db
        .select({ project: projects })
        .from(projects)
        .innerJoin(members, and(eq(members.projectId, projects.id), eq(members.userId, Number(user.id))))
        .where(isNull(projects.archivedAt))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      const ids = mine.map((m) => m.project.id);
      const assigned = await assignedIssues.forDashboard(
        user,
        mine.map(({ project: p }) => ({ id: p.id, key: p.key, name: p.name })),
      );
      const [tasks] = ids.length
        ? await db.select({ n: count() }).from(issueDirectory).where(inArray(issueDirectory.projectId, ids))
        : [{ n: 0 }];
      return {
        recentProjects: mine
          .slice(0, RECENT_PROJECTS)
          .map(({ project: p }) => ({ id: String(p.id), key: p.key, name: p.name, description: p.description })),
        assignedIssues: assigned.issues,
        openAssignedCount: assigned.openCount,
        recentActivity: await activityOf(ids),
        stats: { activeProjects: ids.length, totalTasks: Number(tasks?.n ?? 0) },
      };
    },

    async forProject(user: AuthUser, id: number): Promise<ProjectDashboardDto> {
      const [project] = await db.select().from(projects).where(eq(projects.id, id));
      if (!project || !canSeeProject(user, await projectsDomain.membershipOf(user, project)))
        throw new NotFound(messages.projectNotFound);
      const counts = await db
        .select({ status: issueDirectory.status, n: count() })
        .from(issueDirectory)
        .where(eq(issueDirectory.projectId, project.id))
        .groupBy(issueDirectory.status);
      return {
        projectId: String(project.id),
        key: project.key,
        issueCountsByStatus: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
        recentActivity: await activityOf([project.id]),
      };
    },
  };
}
