import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages, type ActivityDto, type DashboardDto, type ProjectDashboardDto } from '@trackboard/contracts';
import { NotFound, type AuthUser, type Db } from '@trackboard/server-kit';
import { activity, members, projects } from '../db/schema';
import { canSeeProject } from './permissions';
import type { Projects } from './projects';

const RECENT_PROJECTS = 5;
const RECENT_ACTIVITY = 20;

const toActivity = (row: typeof activity.$inferSelect): ActivityDto => ({ id: String(row.id), description: row.description, timestamp: row.createdAt.toISOString() });

export type Dashboard = ReturnType<typeof createDashboard>;

export function createDashboard(db: Db, projectsDomain: Projects) {
  async function activityOf(projectIds: number[]): Promise<ActivityDto[]> {
    if (projectIds.length === 0) return [];
    const rows = await db.select().from(activity).where(inArray(activity.projectId, projectIds)).orderBy(desc(activity.createdAt), desc(activity.id)).limit(RECENT_ACTIVITY);
    return rows.map(toActivity);
  }

  return {
    /** The caller's own view: their projects, their issues and what happened in their projects. */
    async forUser(user: AuthUser): Promise<DashboardDto> {
      const mine = await db
        .select({ project: projects })
        .from(projects)
        .innerJoin(members, and(eq(members.projectId, projects.id), eq(members.userId, Number(user.id))))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      const ids = mine.map((m) => m.project.id);
      return {
        recentProjects: mine.slice(0, RECENT_PROJECTS).map(({ project: p }) => ({ id: String(p.id), key: p.key, name: p.name, description: p.description })),
        // Issues live in the board service; they join this answer when its issue view exists.
        assignedIssues: [],
        recentActivity: await activityOf(ids),
        stats: { activeProjects: ids.length, totalTasks: 0 },
      };
    },

    async forProject(user: AuthUser, id: string): Promise<ProjectDashboardDto> {
      const numeric = Number(id);
      const [project] = Number.isSafeInteger(numeric) && numeric > 0 ? await db.select().from(projects).where(eq(projects.id, numeric)) : [];
      if (!project || !canSeeProject(user, await projectsDomain.membershipOf(user, project))) throw new NotFound(messages.projectNotFound);
      return { projectId: String(project.id), key: project.key, issueCountsByStatus: {}, recentActivity: await activityOf([project.id]) };
    },
  };
}
