import {
  mentionMarkup,
  type CommentDto,
  type IssueDetails,
  type IssueDto,
  type LabelDto,
  type MoveResult,
  type ProjectCycles,
} from '@trackboard/contracts';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { issueEventTypes, listenToEvents, type EventListener } from './testing/domain-events';

// Each change to an issue records one event in the board's outbox, in the change's
// transaction, and the relay hands it to the bus after commit. These read what the bus
// delivers, once the outboxes are empty (every committed event relayed).

let t: TestPlatform;
let events: EventListener;
beforeAll(async () => {
  t = await createTestPlatform();
  events = listenToEvents(t);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The issue events of `issue` heard after `mark`. */
const issueEvents = async (mark: number, issue: { id: string }) =>
  (await events.of(mark, ...issueEventTypes)).filter((e) => e.issueId === issue.id);

/** What every event of this issue says of it (after the change), made by `actor`. */
const refOf = (g: GivenBoard, issue: IssueDto, actor: { user: { id: string } }) => ({
  issueId: issue.id,
  issueKey: issue.key,
  projectId: g.project.id,
  projectKey: g.key,
  boardId: g.board.id,
  title: issue.title,
  actorId: actor.user.id,
  reporterId: issue.reporterId,
  assigneeId: issue.assigneeId,
});

const mention = (who: { user: { id: string; name: string } }) => mentionMarkup(who.user.name, who.user.id);

/** Someone as an event's details name them. */
const person = (who: GivenUser) => ({ id: who.user.id, name: who.user.name, email: who.email });
/** A column as an event's details name it. */
const columnOf = (g: GivenBoard, name: string) => ({ id: g.column(name).id, name });

/** What an event's `issue` says of `issue` (as the API answers it), assigned to `assignee`, reported by the member. */
const detailsOf = (
  g: GivenBoard,
  issue: IssueDto,
  assignee: GivenUser | null,
  labels: IssueDetails['labels'] = [],
): IssueDetails => ({
  id: issue.id,
  key: issue.key,
  number: issue.number,
  boardId: g.board.id,
  title: issue.title,
  description: issue.description,
  status: issue.status,
  // One of the board's first columns (a test that adds one says which).
  column: g.board.columns.filter((c) => c.id === issue.columnId).map((c) => columnOf(g, c.name))[0] ?? null,
  assignee: assignee && person(assignee),
  reporter: person(g.member),
  labels,
  priority: issue.priority,
  type: issue.type,
  dueDate: issue.dueDate,
  estimate: issue.estimate,
  parent: null,
  attachmentCount: issue.attachmentCount,
  tasks: issue.tasks ?? { done: 0, total: 0 },
  cycle: null,
  relatedCode: issue.relatedCode,
  links: issue.links,
  instructions: issue.instructions,
  commentCount: issue.commentCount,
  createdAt: issue.createdAt,
  updatedAt: issue.updatedAt,
});

describe('creating an issue', () => {
  it('records issue.created with the description’s mentions and a plain excerpt, in the outbox’s envelope', async () => {
    const g = await givenBoard(t);
    const mark = await events.mark();
    const description = `Ask ${mention(g.lead)} and ${mention(g.outsider)},\n\nthen ${mention(g.lead)} again.`;
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Mentions',
        description,
        assigneeId: g.lead.user.id,
      }),
    );
    const heard = (await events.since(mark)).filter((e) => 'issueId' in e && e.issueId === issue.id);
    expect(heard).toEqual([
      {
        type: 'issue.created',
        ...refOf(g, issue, g.member),
        assigneeId: g.lead.user.id,
        // Not yet checked for membership: the notification service decides who is told.
        mentionedIds: [g.lead.user.id, g.outsider.user.id],
        excerpt: 'Ask @Lea Lead and @Otto Outsider, then @Lea Lead again.',
        // What webhooks deliver: the issue with its people and column by name, and who made it.
        issue: detailsOf(g, issue, g.lead),
        actor: person(g.member),
        id: expect.stringMatching(UUID),
        occurredAt: expect.stringMatching(ISO),
      },
    ]);
  });

  it('cuts a long description’s excerpt at 200 characters', async () => {
    const g = await givenBoard(t);
    const mark = await events.mark();
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Long',
        description: 'word '.repeat(100),
      }),
    );
    const created = (await events.of(mark, 'issue.created')).filter((e) => e.issueId === issue.id);
    expect(created).toMatchObject([{ mentionedIds: [] }]);
    const { excerpt } = created[0]!;
    expect(excerpt).toHaveLength(200);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  // An emoji is two UTF-16 units: a cut between them left half of one, which PostgreSQL's jsonb refuses.
  it('cuts an emoji description’s excerpt between characters, never inside one', async () => {
    const g = await givenBoard(t);
    const mark = await events.mark();
    const res = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'Emoji 😀',
      description: '😀'.repeat(150),
    });
    expect(res.status).toBe(201);
    const issue = (await res.json()) as IssueDto;
    expect(issue.description).toBe('😀'.repeat(150));
    const created = (await events.of(mark, 'issue.created')).filter((e) => e.issueId === issue.id);
    expect(created.map((e) => e.excerpt)).toEqual([`${'😀'.repeat(99)}…`]);
    const edited = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { description: `${'𝔘'.repeat(150)}` });
    expect(edited.status).toBe(200);
  });
});

describe('editing an issue (PATCH)', () => {
  it("tells a sub-issue's parent, its files and its tasks in the issue's details", async () => {
    const g = await givenBoard(t);
    const parent = await g.addIssue('To Do', 'Epic');
    const child = await g.addIssue('To Do', 'Part');
    await t.ok(t.as(g.member.token).put(`/api/issues/${child.id}/parent`, { parentId: parent.id }));
    await t.ok(
      t.as(g.member.token).post(`/api/issues/${child.id}/attachments?name=notes.txt`, Buffer.from('plain words')),
    );
    const mark = await events.mark();
    await t.ok(t.as(g.member.token).patch(`/api/issues/${child.id}`, { description: '- [x] one\n- [ ] two' }));
    const [updated] = await issueEvents(mark, child);
    expect(updated?.issue).toMatchObject({
      parent: { id: parent.id, key: parent.key },
      attachmentCount: 1,
      tasks: { done: 1, total: 2 },
    });
  });

  it("tells the issue's cycle in its details, and a change of cycle in the changes", async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Planned');
    const { cycles } = await t.ok<ProjectCycles>(
      t.as(g.lead.token).put(`/api/projects/${g.key}/cycles`, { enabled: true }),
    );
    const running = cycles[0]!;
    const mark = await events.mark();
    await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { cycleId: running.id }));
    const [updated] = await issueEvents(mark, issue);
    const cycle = { id: running.id, number: running.number, startsOn: running.startsOn, endsOn: running.endsOn };
    expect(updated).toMatchObject({
      type: 'issue.updated',
      issue: { cycle },
      changes: { cycle: { from: null, to: cycle } },
    });
  });

  it('records issue.assigned when the assignee changes, with the other changes folded in', async () => {
    const g = await givenBoard(t);
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Assign me',
        description: `Known: ${mention(g.member)}`,
      }),
    );
    const mark = await events.mark();
    const patched = await t.ok<IssueDto>(
      t.as(g.lead.token).patch(`/api/issues/${issue.id}`, {
        assigneeId: g.member.user.id,
        columnId: g.column('In Progress').id,
        // The member was mentioned before: only the lead is newly mentioned.
        description: `Known: ${mention(g.member)}, new: ${mention(g.lead)}`,
        title: 'Assigned',
      }),
    );
    expect(await issueEvents(mark, issue)).toEqual([
      {
        type: 'issue.assigned',
        ...refOf(g, patched, g.lead),
        title: 'Assigned',
        assigneeId: g.member.user.id,
        previousAssigneeId: null,
        mentionedIds: [g.lead.user.id],
        statusChange: { fromStatus: 'TODO', toStatus: 'IN_PROGRESS' },
        issue: detailsOf(g, patched, g.member),
        actor: person(g.lead),
        // Every field it changed, each `{ from, to }` in the form `issue` gives it.
        changes: {
          title: { from: 'Assign me', to: 'Assigned' },
          description: { from: issue.description, to: patched.description },
          assignee: { from: null, to: person(g.member) },
          column: { from: columnOf(g, 'To Do'), to: columnOf(g, 'In Progress') },
          status: { from: 'TODO', to: 'IN_PROGRESS' },
        },
      },
    ]);

    const unassign = await events.mark();
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { assigneeId: null }));
    expect(await issueEvents(unassign, issue)).toEqual([
      expect.objectContaining({
        type: 'issue.assigned',
        assigneeId: null,
        previousAssigneeId: g.member.user.id,
        mentionedIds: [],
        statusChange: null,
        changes: { assignee: { from: person(g.member), to: null } },
      }),
    ]);
  });

  it('records issue.updated naming the fields that changed, and a status change with a new column', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Plain');
    const mark = await events.mark();
    const patched = await t.ok<IssueDto>(
      t.as(g.lead.token).patch(`/api/issues/${issue.id}`, {
        title: 'Plainer',
        priority: 'HIGH',
        links: ['https://example.test/a'],
        description: `Now with ${mention(g.member)}`,
      }),
    );
    expect(await issueEvents(mark, issue)).toEqual([
      {
        type: 'issue.updated',
        ...refOf(g, patched, g.lead),
        fields: ['title', 'description', 'priority', 'links'],
        mentionedIds: [g.member.user.id],
        statusChange: null,
        issue: detailsOf(g, patched, null),
        actor: person(g.lead),
        changes: {
          title: { from: 'Plain', to: 'Plainer' },
          description: { from: '', to: patched.description },
          priority: { from: 'MEDIUM', to: 'HIGH' },
          links: { from: [], to: ['https://example.test/a'] },
        },
      },
    ]);

    const moved = await events.mark();
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { columnId: g.column('Done').id }));
    expect(await issueEvents(moved, issue)).toEqual([
      expect.objectContaining({
        type: 'issue.updated',
        fields: ['columnId', 'status'],
        mentionedIds: [],
        statusChange: { fromStatus: 'TODO', toStatus: 'DONE' },
        changes: {
          column: { from: columnOf(g, 'To Do'), to: columnOf(g, 'Done') },
          status: { from: 'TODO', to: 'DONE' },
        },
      }),
    ]);
  });

  it('tells labels by name and colour, and a due date, in `changes` as `issue` gives them', async () => {
    const g = await givenBoard(t);
    const label = (name: string, color: string) =>
      t.ok<LabelDto>(t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name, color }));
    // Named out of the board's order (by name): the details keep the board's order.
    const [zeta, alpha] = [await label('zeta', 'blue'), await label('Alpha', 'red')];
    const named = (l: LabelDto) => ({ id: l.id, name: l.name, color: l.color });
    const issue = await g.addIssue('To Do', 'Labelled');
    const mark = await events.mark();
    const patched = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds: [zeta.id, alpha.id], dueDate: '2031-02-03' }),
    );
    const [updated] = (await events.of(mark, 'issue.updated')).filter((e) => e.issueId === issue.id);
    expect(updated).toMatchObject({
      type: 'issue.updated',
      issue: detailsOf(g, patched, null, [named(alpha), named(zeta)]),
      changes: {
        labels: { from: [], to: [named(alpha), named(zeta)] },
        dueDate: { from: null, to: '2031-02-03' },
      },
    });
    expect(Object.keys(updated!.changes ?? {}).sort()).toEqual(['dueDate', 'labels']);
  });

  it('records nothing when nothing changed (the same values, the same labels in another order)', async () => {
    const g = await givenBoard(t);
    const label = (name: string) =>
      t.ok<LabelDto>(t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name, color: 'red' }));
    const [a, b] = [await label('a'), await label('b')];
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Same',
        description: mention(g.lead),
        labelIds: [a.id, b.id],
      }),
    );
    const mark = await events.mark();
    await t.ok(
      t.as(g.lead.token).patch(`/api/issues/${issue.id}`, {
        title: 'Same',
        description: mention(g.lead),
        labelIds: [b.id, a.id],
        assigneeId: null,
        columnId: g.column('To Do').id,
        priority: issue.priority,
      }),
    );
    expect(await issueEvents(mark, issue)).toEqual([]);
  });

  it('records nothing for a change that is refused or rolled back', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const theirs = await t.ok<LabelDto>(
      t.as(other.member.token).post(`/api/boards/${other.board.id}/labels`, { name: 'theirs', color: 'red' }),
    );
    const issue = await g.addIssue('To Do', 'Untouched');
    const mark = await events.mark();
    // Refused inside the board's transaction (the label is checked under its lock): rolled back.
    const refused = await t.as(g.lead.token).patch(`/api/issues/${issue.id}`, {
      title: 'changed',
      assigneeId: g.member.user.id,
      labelIds: [theirs.id],
    });
    expect(refused.status).toBe(400);
    // Based on an older copy: the transaction is rolled back, 409.
    const stale = await t.as(g.lead.token).patch(`/api/issues/${issue.id}`, {
      title: 'changed',
      version: issue.version + 5,
    });
    expect(stale.status).toBe(409);
    expect(await issueEvents(mark, issue)).toEqual([]);
  });
});

describe('moving an issue', () => {
  const move = (g: GivenBoard, issue: IssueDto, column: string, position: number, by = g.lead) =>
    t.ok<MoveResult>(
      t.as(by.token).put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: issue.columnId,
        destinationColumnId: g.column(column).id,
        position,
        boardId: g.board.id,
      }),
    );

  it('records issue.moved, written by the move’s one statement, in the outbox’s envelope', async () => {
    const g = await givenBoard(t);
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Move "me" \\ please',
        assigneeId: g.member.user.id,
      }),
    );
    const mark = await events.mark();
    const { issues } = await move(g, issue, 'In Progress', 0);
    const heard = (await events.since(mark)).filter((e) => 'issueId' in e && e.issueId === issue.id);
    expect(heard).toEqual([
      {
        type: 'issue.moved',
        ...refOf(g, issues[0]!, g.lead),
        fromColumnId: g.column('To Do').id,
        toColumnId: g.column('In Progress').id,
        statusChange: { fromStatus: 'TODO', toStatus: 'IN_PROGRESS' },
        // Built in SQL, in the shape the events recorded in TypeScript have.
        issue: detailsOf(g, issues[0]!, g.member),
        actor: person(g.lead),
        changes: {
          column: { from: columnOf(g, 'To Do'), to: columnOf(g, 'In Progress') },
          status: { from: 'TODO', to: 'IN_PROGRESS' },
        },
        id: expect.stringMatching(UUID),
        occurredAt: expect.stringMatching(ISO),
      },
    ]);
    expect(Math.abs(Date.parse(heard[0]!.occurredAt) - Date.now())).toBeLessThan(60_000);
  });

  it('records no status change between two columns of one status, and nothing for a reorder in a column', async () => {
    const g = await givenBoard(t);
    // "Review" is not a status's name: its issues are TODO, as in "To Do".
    const review = await t.ok<{ id: string }>(
      t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Review' }),
    );
    const [a, b] = [await g.addIssue('To Do', 'a'), await g.addIssue('To Do', 'b')];
    const mark = await events.mark();
    await move(g, a, 'To Do', 1);
    await move(g, b, 'To Do', 1);
    expect(await issueEvents(mark, a)).toEqual([]);
    expect(await issueEvents(mark, b)).toEqual([]);

    const across = await events.mark();
    const moved = await t.ok<MoveResult>(
      t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
        sourceColumnId: a.columnId,
        destinationColumnId: review.id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    expect(await issueEvents(across, a)).toEqual([
      {
        type: 'issue.moved',
        ...refOf(g, moved.issues[0]!, g.member),
        fromColumnId: g.column('To Do').id,
        toColumnId: review.id,
        statusChange: null,
        issue: { ...detailsOf(g, moved.issues[0]!, null), column: { id: review.id, name: 'Review' } },
        actor: person(g.member),
        changes: { column: { from: columnOf(g, 'To Do'), to: { id: review.id, name: 'Review' } } },
      },
    ]);
  });
});

describe('deleting an issue', () => {
  it('records issue.deleted with the issue as it stood, made by the lead', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Obsolete');
    const mark = await events.mark();
    expect((await t.as(g.lead.token).delete(`/api/issues/${issue.id}`)).status).toBe(204);
    // `issue` as it stood before it went: still in its column.
    expect(await issueEvents(mark, issue)).toEqual([
      { type: 'issue.deleted', ...refOf(g, issue, g.lead), issue: detailsOf(g, issue, null), actor: person(g.lead) },
    ]);
  });

  it('records nothing when the delete is refused', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Kept');
    const mark = await events.mark();
    expect((await t.as(g.member.token).delete(`/api/issues/${issue.id}`)).status).toBe(403);
    expect(await issueEvents(mark, issue)).toEqual([]);
  });
});

describe('commenting', () => {
  it('records comment.created, a reply naming the comment it answers and its author', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Discuss');
    const say = (by: { token: string }, body: string, parentCommentId: string | null = null) =>
      t.ok<CommentDto>(t.as(by.token).post(`/api/issues/${issue.id}/comments`, { body, parentCommentId }));

    const mark = await events.mark();
    const root = await say(g.member, `Hey ${mention(g.lead)}, look`);
    const reply = await say(g.lead, 'Looking');
    const nested = await say(g.member, 'Thanks', reply.id);
    const ref = refOf(g, issue, g.member);
    expect(await issueEvents(mark, issue)).toEqual([
      {
        type: 'comment.created',
        ...ref,
        commentId: root.id,
        parentId: null,
        parentAuthorId: null,
        mentionedIds: [g.lead.user.id],
        excerpt: 'Hey @Lea Lead, look',
        // Whole, for webhooks; the issue as the comment left it.
        comment: { id: root.id, parentId: null, author: person(g.member), body: root.body, createdAt: root.createdAt },
        issue: { ...detailsOf(g, issue, null), commentCount: 1 },
        actor: person(g.member),
      },
      {
        type: 'comment.created',
        ...ref,
        actorId: g.lead.user.id,
        commentId: reply.id,
        parentId: null,
        parentAuthorId: null,
        mentionedIds: [],
        excerpt: 'Looking',
        comment: { id: reply.id, parentId: null, author: person(g.lead), body: 'Looking', createdAt: reply.createdAt },
        issue: { ...detailsOf(g, issue, null), commentCount: 2 },
        actor: person(g.lead),
      },
      {
        type: 'comment.created',
        ...ref,
        commentId: nested.id,
        parentId: reply.id,
        parentAuthorId: g.lead.user.id,
        mentionedIds: [],
        excerpt: 'Thanks',
        comment: {
          id: nested.id,
          parentId: reply.id,
          author: person(g.member),
          body: 'Thanks',
          createdAt: nested.createdAt,
        },
        issue: { ...detailsOf(g, issue, null), commentCount: 3 },
        actor: person(g.member),
      },
    ]);
  });

  it('takes a comment of 150 emoji, its excerpt cut between characters', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Emoji');
    const mark = await events.mark();
    // A family is one character of seven code points (joined by U+200D): kept whole or left out.
    const family = '👨‍👩‍👧‍👦';
    for (const body of ['😀'.repeat(150), `a${'𝔘'.repeat(98)}${family}`]) {
      const res = await t.as(g.member.token).post(`/api/issues/${issue.id}/comments`, { body });
      expect(res.status).toBe(201);
      expect(((await res.json()) as CommentDto).body).toBe(body);
    }
    const excerpts = (await issueEvents(mark, issue)).map((e) => ('excerpt' in e ? e.excerpt : null));
    expect(excerpts).toEqual([`${'😀'.repeat(99)}…`, `a${'𝔘'.repeat(98)}…`]);
  });

  it('records nothing for a reply the board refuses', async () => {
    const g = await givenBoard(t);
    const [issue, other] = [await g.addIssue('To Do', 'Here'), await g.addIssue('To Do', 'There')];
    const elsewhere = await t.ok<CommentDto>(
      t.as(g.member.token).post(`/api/issues/${other.id}/comments`, { body: 'there' }),
    );
    const mark = await events.mark();
    const res = await t
      .as(g.member.token)
      .post(`/api/issues/${issue.id}/comments`, { body: 'here', parentCommentId: elsewhere.id });
    expect(res.status).toBe(400);
    expect(await issueEvents(mark, issue)).toEqual([]);
  });
});
