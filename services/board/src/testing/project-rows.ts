import { sql } from 'drizzle-orm';
import type { CommentDto } from '@trackboard/contracts';
import { queryRows, type Db } from '@trackboard/server-kit';
import type { TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './given-board';

/** A project whose board holds something in every board table: issues, a comment thread, a reaction, a label, activity. */
export async function givenBusyProject(t: TestPlatform) {
  const given = await givenBoard(t);
  const issues = [await given.addIssue('To Do', 'First'), await given.addIssue('In Progress', 'Second')];
  const say = (body: string, parentCommentId: string | null = null) =>
    t.ok<CommentDto>(t.as(given.member.token).post(`/api/issues/${issues[0]!.id}/comments`, { body, parentCommentId }));
  const root = await say('A question');
  const reply = await say('An answer', root.id);
  await t.ok(t.as(given.lead.token).post(`/api/comments/${reply.id}/reactions`, { type: 'heart' }));
  await t.ok(t.as(given.member.token).post(`/api/boards/${given.board.id}/labels`, { name: 'busy', color: 'red' }));
  const ids = {
    projectId: Number(given.project.id),
    boardIds: [Number(given.board.id)],
    issueIds: issues.map((i) => Number(i.id)),
    commentIds: [Number(root.id), Number(reply.id)],
  };
  return { ...given, ids };
}
export type BusyProject = Awaited<ReturnType<typeof givenBusyProject>>;

/** The project's rows left in each board table (counted by the ids the project had). */
export async function projectRows(db: Db, { ids }: BusyProject) {
  const list = (values: number[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from board.boards where project_id = ${ids.projectId}) as boards,
      (select count(*)::int from board.columns where board_id in (${list(ids.boardIds)})) as columns,
      (select count(*)::int from board.issues where project_id = ${ids.projectId}) as issues,
      (select count(*)::int from board.comments where issue_id in (${list(ids.issueIds)})) as comments,
      (select count(*)::int from board.reactions where comment_id in (${list(ids.commentIds)})) as reactions,
      (select count(*)::int from board.activity where project_id = ${ids.projectId}) as activity,
      (select count(*)::int from board.labels where board_id in (${list(ids.boardIds)})) as labels,
      (select count(*)::int from board.issue_numbers where project_id = ${ids.projectId}) as "issueNumbers"`,
  );
  return counts!;
}

export const noRows = {
  boards: 0,
  columns: 0,
  issues: 0,
  comments: 0,
  reactions: 0,
  activity: 0,
  labels: 0,
  issueNumbers: 0,
};
