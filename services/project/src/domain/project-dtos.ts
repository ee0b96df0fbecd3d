import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { ProjectDto, ProjectMemberDto, UserRef } from '@trackboard/contracts';
import { activityFeed, issueDirectory, projectBoards, userDirectory, type Db } from '@trackboard/server-kit';
import { activity, members } from '../db/schema';
import type { ProjectRow } from './project-access';

const userRef = (u: { id: number; name: string; email: string }): UserRef => ({
  id: String(u.id),
  name: u.name,
  email: u.email,
});

/** Projects as the API answers them: lead, members, boards with issue counts, last activity. */
export function createProjectDtos(db: Db) {
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
        role: members.role,
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
        .map((m) => ({ ...userRef(m), isLead: m.id === p.leadId, role: m.id === p.leadId ? 'lead' : m.role }));
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
        estimateScale: p.estimateScale,
        viewersMayComment: p.viewersMayComment,
      };
    });
  }

  const toDto = async (row: ProjectRow) => (await toDtos([row]))[0]!;
  return { toDtos, toDto };
}
export type ProjectDtos = ReturnType<typeof createProjectDtos>;
