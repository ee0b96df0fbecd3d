import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  openStatuses,
  type AssignedIssueDto,
  type AssignedIssuesPageDto,
  type AssignedIssuesQuery,
} from '@trackboard/contracts';
import { issueDirectory, type AuthUser, type Db } from '@trackboard/server-kit';
import { members, projects } from '../db/schema';

/** The dashboard shows this many of the caller's open issues; My Issues has them all. */
const DASHBOARD_ASSIGNED = 10;

type Project = { id: number; key: string; name: string };

/** What a listed issue needs of the published view. */
const listed = {
  id: issueDirectory.id,
  key: issueDirectory.key,
  title: issueDirectory.title,
  status: issueDirectory.status,
  priority: issueDirectory.priority,
  type: issueDirectory.type,
  projectId: issueDirectory.projectId,
  boardId: issueDirectory.boardId,
};
const byId = (list: Project[]) => new Map(list.map((p) => [p.id, p]));
type ListedRow = { [K in keyof typeof listed]: (typeof listed)[K]['_']['data'] };

/**
 * The issues assigned to the caller (by id: a rename changes nothing), in the projects they are
 * on, archived ones left out (read-only and hidden from lists). Without a status asked for, only
 * open ones: finished work is not what someone looks for in "Assigned to Me".
 */
export function createAssignedIssues(db: Db) {
  /** The caller's projects, by name. */
  const projectsOf = (user: AuthUser): Promise<Project[]> =>
    db
      .select({ id: projects.id, key: projects.key, name: projects.name })
      .from(projects)
      .innerJoin(members, and(eq(members.projectId, projects.id), eq(members.userId, Number(user.id))))
      .where(isNull(projects.archivedAt))
      .orderBy(asc(projects.name), asc(projects.key));

  function narrowed(user: AuthUser, within: Project[], query: Partial<AssignedIssuesQuery>): SQL | undefined {
    const keys = query.project && new Set(query.project);
    const ids = within.filter((p) => !keys || keys.has(p.key)).map((p) => p.id);
    if (ids.length === 0) return undefined;
    return and(
      inArray(issueDirectory.projectId, ids),
      eq(issueDirectory.assigneeId, Number(user.id)),
      inArray(issueDirectory.status, query.status?.length ? query.status : [...openStatuses]),
      query.priority?.length ? inArray(issueDirectory.priority, query.priority) : undefined,
      query.type?.length ? inArray(issueDirectory.type, query.type) : undefined,
    );
  }

  const toDto = (projectOf: Map<number, Project>) => (row: ListedRow) =>
    ({
      id: String(row.id),
      key: row.key,
      title: row.title,
      status: row.status,
      priority: row.priority as AssignedIssueDto['priority'],
      type: row.type as AssignedIssueDto['type'],
      projectKey: projectOf.get(row.projectId)?.key ?? '',
      projectName: projectOf.get(row.projectId)?.name ?? '',
      boardId: String(row.boardId),
    }) satisfies AssignedIssueDto;

  async function countOf(where: SQL | undefined): Promise<number> {
    if (!where) return 0;
    const [row] = await db.select({ n: count() }).from(issueDirectory).where(where);
    return Number(row?.n ?? 0);
  }

  return {
    /** The dashboard's few: the most recently updated open ones, and how many are open in all. */
    async forDashboard(user: AuthUser, within: Project[]) {
      const where = narrowed(user, within, {});
      const rows = where
        ? await db
            .select(listed)
            .from(issueDirectory)
            .where(where)
            .orderBy(desc(issueDirectory.updatedAt), desc(issueDirectory.id))
            .limit(DASHBOARD_ASSIGNED)
        : [];
      return { issues: rows.map(toDto(byId(within))), openCount: await countOf(where) };
    },

    /** My Issues: a page of the filtered list, by project name, then the most recently updated. */
    async page(user: AuthUser, query: AssignedIssuesQuery): Promise<AssignedIssuesPageDto> {
      const mine = await projectsOf(user);
      const where = narrowed(user, mine, query);
      const rows = where
        ? await db
            .select(listed)
            .from(issueDirectory)
            .innerJoin(projects, eq(projects.id, issueDirectory.projectId))
            .where(where)
            .orderBy(asc(projects.name), asc(projects.key), desc(issueDirectory.updatedAt), desc(issueDirectory.id))
            .limit(query.limit)
            .offset(query.offset)
        : [];
      return {
        issues: rows.map(toDto(byId(mine))),
        total: await countOf(where),
        projects: mine.map(({ key, name }) => ({ key, name })),
      };
    },
  };
}
export type AssignedIssues = ReturnType<typeof createAssignedIssues>;
