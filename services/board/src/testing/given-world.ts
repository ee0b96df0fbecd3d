import type { TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './given-board';

/** A board with something of every kind on it: an issue, a comment by the lead and one by the member, a label. */
export type World = GivenBoard & {
  issueId: string;
  issueKey: string;
  commentId: string;
  memberCommentId: string;
  labelId: string;
};

export async function givenWorld(t: TestPlatform): Promise<World> {
  const g = await givenBoard(t);
  const issue = await g.addIssue('To Do', 'guarded');
  const leadComment = await t.ok<{ id: string }>(
    t.as(g.lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'by the lead' }),
  );
  const memberComment = await t.ok<{ id: string }>(
    t.as(g.member.token).post(`/api/issues/${issue.id}/comments`, { body: 'by the member' }),
  );
  const label = await t.ok<{ id: string }>(
    t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name: 'guarded', color: 'red' }),
  );
  return {
    ...g,
    issueId: issue.id,
    issueKey: issue.key,
    commentId: leadComment.id,
    memberCommentId: memberComment.id,
    labelId: label.id,
  };
}
