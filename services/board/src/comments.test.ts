import type { CommentDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

async function givenDiscussion() {
  const g = await givenBoard(t);
  const issue = await g.addIssue('To Do', 'Discuss me');
  const say = (token: string, body: string, parentCommentId: string | null = null) =>
    t.ok<CommentDto>(t.as(token).post(`/api/issues/${issue.id}/comments`, { body, parentCommentId }));
  const tree = (token = g.member.token) => t.ok<CommentDto[]>(t.as(token).get(`/api/issues/${issue.id}/comments`));
  return { ...g, issue, say, tree };
}

describe('comments', () => {
  it('form a tree of any depth, with authors', async () => {
    const d = await givenDiscussion();
    const root = await d.say(d.member.token, 'First!');
    const reply = await d.say(d.lead.token, 'A reply', root.id);
    await d.say(d.member.token, 'A reply to the reply', reply.id);
    await d.say(d.lead.token, 'Second topic');
    const tree = await d.tree();
    expect(tree.map((c) => c.body)).toEqual(['First!', 'Second topic']);
    expect(tree[0]).toMatchObject({
      author: { id: d.member.user.id, name: 'Max Member' },
      edited: false,
      editedAt: null,
      reactions: { thumbsup: [], heart: [] },
      parentCommentId: null,
    });
    expect(tree[0]!.replies[0]).toMatchObject({
      body: 'A reply',
      parentCommentId: root.id,
      author: { name: 'Lea Lead' },
    });
    expect(tree[0]!.replies[0]!.replies[0]!.body).toBe('A reply to the reply');
  });

  it('refuses a reply to a comment on another issue, and a blank body', async () => {
    const d = await givenDiscussion();
    const other = await d.addIssue('To Do', 'Other');
    const elsewhere = await t.ok<CommentDto>(
      t.as(d.member.token).post(`/api/issues/${other.id}/comments`, { body: 'there' }),
    );
    const res = await t
      .as(d.member.token)
      .post(`/api/issues/${d.issue.id}/comments`, { body: 'here', parentCommentId: elsewhere.id });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The comment you reply to belongs to another issue.' });
    const blank = await t.as(d.member.token).post(`/api/issues/${d.issue.id}/comments`, { body: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toMatch(/^body: /);
  });

  it('are edited by their author only, and marked edited', async () => {
    const d = await givenDiscussion();
    const mine = await d.say(d.member.token, 'typo');
    const refused = await t.as(d.lead.token).put(`/api/comments/${mine.id}`, { body: 'lead rewrites' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Only the author can edit a comment.' });
    const edited = await t.ok<CommentDto>(t.as(d.member.token).put(`/api/comments/${mine.id}`, { body: 'fixed' }));
    expect(edited).toMatchObject({ body: 'fixed', edited: true });
    expect(edited.editedAt).not.toBeNull();
  });

  it('are deleted by the author, the lead or an admin, with their replies', async () => {
    const d = await givenDiscussion();
    const root = await d.say(d.member.token, 'root');
    await d.say(d.lead.token, 'reply', root.id);
    const other = await t.givenUser();
    await t.ok(t.as(d.lead.token).post(`/api/projects/${d.key}/members`, { email: other.email }));
    const refused = await t.as(other.token).delete(`/api/comments/${root.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Only the author, an administrator or the project lead can delete a comment.',
    });
    expect((await t.as(d.lead.token).delete(`/api/comments/${root.id}`)).status).toBe(204);
    expect(await d.tree()).toEqual([]);
    const own = await d.say(other.token, 'mine');
    expect((await t.as(other.token).delete(`/api/comments/${own.id}`)).status).toBe(204);
    const byAdmin = await d.say(d.member.token, 'admin removes');
    expect((await t.as((await t.admin()).token).delete(`/api/comments/${byAdmin.id}`)).status).toBe(204);
  });

  it('take reactions that toggle per user', async () => {
    const d = await givenDiscussion();
    const c = await d.say(d.member.token, 'react to me');
    const react = (token: string, type: string) => t.ok(t.as(token).post(`/api/comments/${c.id}/reactions`, { type }));
    expect(await react(d.member.token, 'thumbsup')).toEqual({ thumbsup: [d.member.user.id], heart: [] });
    expect(await react(d.lead.token, 'thumbsup')).toEqual({
      thumbsup: [d.lead.user.id, d.member.user.id].sort((a, b) => Number(a) - Number(b)),
      heart: [],
    });
    expect(await react(d.member.token, 'thumbsup')).toEqual({ thumbsup: [d.lead.user.id], heart: [] });
    expect(await react(d.member.token, 'heart')).toEqual({ thumbsup: [d.lead.user.id], heart: [d.member.user.id] });
    const bad = await t.as(d.member.token).post(`/api/comments/${c.id}/reactions`, { type: 'rocket' });
    expect(bad.status).toBe(400);
    expect((await d.tree())[0]!.reactions).toEqual({ thumbsup: [d.lead.user.id], heart: [d.member.user.id] });
  });

  it('are hidden from non-members like a missing issue', async () => {
    const d = await givenDiscussion();
    const c = await d.say(d.member.token, 'private');
    expect((await t.as(d.outsider.token).get(`/api/issues/${d.issue.id}/comments`)).status).toBe(404);
    expect((await t.as(d.outsider.token).post(`/api/comments/${c.id}/reactions`, { type: 'heart' })).status).toBe(404);
  });
});
