import { mentionMarkup, type DomainEvent, type EventOf } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { deliver, givenTeam, inbox, kindsAbout, until, type GivenTeam } from './testing/notifications';

// Who is told what: each rule, one notification per person per event (the most
// specific kind), never the actor, mentions of non-members ignored, settings respected. The
// events are handed to the bus as the board and project services' relays hand them over.
let t: TestPlatform;
let team: GivenTeam;
beforeAll(async () => {
  t = await createTestPlatform();
  team = await givenTeam(t);
});
afterAll(() => t.close());

const status = (fromStatus: string, toStatus: string) => ({ fromStatus, toStatus });

describe('assignment', () => {
  it('tells the new assignee, not the one who assigned', async () => {
    const { lead, member, extra, ref } = team;
    const issue = await team.newIssue(extra);
    await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, lead, { assigneeId: member.user.id }),
      previousAssigneeId: null,
      mentionedIds: [],
      statusChange: null,
    });
    expect(await kindsAbout(t, member, issue)).toEqual(['assigned']);
    expect(await kindsAbout(t, lead, issue)).toEqual([]);
    expect(await kindsAbout(t, extra, issue)).toEqual([]); // the reporter: no status changed, no comment
  });

  it('tells nobody who assigns themselves', async () => {
    const { member, ref } = team;
    const issue = await team.newIssue(member);
    await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, member, { assigneeId: member.user.id }),
      previousAssigneeId: null,
      mentionedIds: [],
      statusChange: null,
    });
    expect(await kindsAbout(t, member, issue)).toEqual([]);
  });

  it('tells the assignee of a new issue', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(lead);
    await deliver(t, {
      type: 'issue.created',
      ...ref(issue, lead, { assigneeId: member.user.id }),
      mentionedIds: [],
      excerpt: 'The button does nothing',
    });
    const [told] = (await inbox(t, member)).notifications.filter((n) => n.issueId === issue.id);
    expect(told).toEqual({
      id: expect.any(String),
      kind: 'assigned',
      issueId: issue.id,
      issueKey: issue.key,
      projectKey: team.key,
      title: issue.title,
      excerpt: 'The button does nothing',
      actor: { id: lead.user.id, name: 'Lena Lead' },
      createdAt: expect.any(String),
      readAt: null,
    });
  });
});

describe('mentions', () => {
  it('tells each mentioned member, and nobody mentioned outside the project', async () => {
    const { lead, member, extra, outsider, ref } = team;
    const issue = await team.newIssue(lead);
    const body = `${mentionMarkup('Mo Member', member.user.id)} and ${mentionMarkup('Ed', extra.user.id)}, see ${mentionMarkup('Otto', outsider.user.id)}`;
    await deliver(t, {
      type: 'comment.created',
      ...ref(issue, lead),
      commentId: '1',
      parentId: null,
      parentAuthorId: null,
      mentionedIds: [member.user.id, extra.user.id, outsider.user.id],
      excerpt: body,
    });
    expect(await kindsAbout(t, member, issue)).toEqual(['mentioned']);
    expect(await kindsAbout(t, extra, issue)).toEqual(['mentioned']);
    expect(await kindsAbout(t, outsider, issue)).toEqual([]);
    // The excerpt is plain text: mentions as @Name.
    const [told] = (await inbox(t, member)).notifications.filter((n) => n.issueId === issue.id);
    expect(told!.excerpt).toBe('@Mo Member and @Ed, see @Otto');
  });

  // An emoji is two UTF-16 units: a cut between them left half of one, which PostgreSQL's jsonb
  // (the notification.created event) refuses, and the notification was lost.
  it('shows a comment’s Markdown as the text a reader sees, not its marks', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(lead);
    await deliver(t, {
      type: 'comment.created',
      ...ref(issue, lead),
      commentId: '2',
      parentId: null,
      parentAuthorId: null,
      mentionedIds: [member.user.id],
      excerpt: `${mentionMarkup('Mo Member', member.user.id)}, **look** at [the docs](https://example.com):\n\n- [ ] \`npm test\``,
    });
    const told = (await inbox(t, member)).notifications.filter((n) => n.issueId === issue.id);
    expect(told.map((n) => n.excerpt)).toEqual(['@Mo Member, look at the docs: npm test']);
  });

  it('cuts a long emoji excerpt between characters, never inside one', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(lead);
    await deliver(t, {
      type: 'comment.created',
      ...ref(issue, lead),
      commentId: '1',
      parentId: null,
      parentAuthorId: null,
      mentionedIds: [member.user.id],
      excerpt: `${mentionMarkup('Mo Member', member.user.id)}, ${'😀'.repeat(150)}`,
    });
    const told = (await inbox(t, member)).notifications.filter((n) => n.issueId === issue.id);
    expect(told.map((n) => n.excerpt)).toEqual([`@Mo Member, ${'😀'.repeat(93)}…`]);
  });

  it('tells members newly mentioned in a description, not the author mentioning themselves', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(lead);
    await deliver(t, {
      type: 'issue.updated',
      ...ref(issue, lead),
      fields: ['description'],
      mentionedIds: [member.user.id, lead.user.id],
      statusChange: null,
    });
    expect(await kindsAbout(t, member, issue)).toEqual(['mentioned']);
    expect(await kindsAbout(t, lead, issue)).toEqual([]);
  });
});

describe('replies, comments and status changes', () => {
  it('tells a comment’s author of a reply, and the watchers of the comment', async () => {
    const { lead, member, extra, ref } = team;
    const issue = await team.newIssue(member); // the reporter watches
    await deliver(t, {
      type: 'comment.created',
      ...ref(issue, lead),
      commentId: '10',
      parentId: '9',
      parentAuthorId: extra.user.id,
      mentionedIds: [],
      excerpt: 'Agreed',
    });
    expect(await kindsAbout(t, extra, issue)).toEqual(['reply']);
    expect(await kindsAbout(t, member, issue)).toEqual(['comment']);
    expect(await kindsAbout(t, lead, issue)).toEqual([]);
  });

  it('makes a commenter a watcher: the next comment tells them', async () => {
    const { lead, member, extra, ref } = team;
    const issue = await team.newIssue(member);
    const comment = (by: typeof lead) =>
      deliver(t, {
        type: 'comment.created',
        ...ref(issue, by),
        commentId: '1',
        parentId: null,
        parentAuthorId: null,
        mentionedIds: [],
        excerpt: 'Hi',
      });
    await comment(extra);
    await comment(lead);
    expect(await kindsAbout(t, extra, issue)).toEqual(['comment']); // lead's comment
    expect(await kindsAbout(t, member, issue)).toEqual(['comment', 'comment']);
    expect(await kindsAbout(t, lead, issue)).toEqual([]); // not a watcher before their own comment
  });

  it('tells watchers of a status change (a move or an edit), and of nothing when the status stayed', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(member);
    const moved = (statusChange: ReturnType<typeof status> | null) =>
      deliver(t, {
        type: 'issue.moved',
        ...ref(issue, lead),
        fromColumnId: '1',
        toColumnId: '2',
        statusChange,
      });
    await moved(status('TODO', 'IN_PROGRESS'));
    await moved(null);
    await deliver(t, {
      type: 'issue.updated',
      ...ref(issue, lead),
      fields: ['status'],
      mentionedIds: [],
      statusChange: status('IN_PROGRESS', 'DONE'),
    });
    const told = (await inbox(t, member)).notifications.filter((n) => n.issueId === issue.id).reverse();
    expect(told.map((n) => [n.kind, n.excerpt])).toEqual([
      ['status', 'TODO → IN_PROGRESS'],
      ['status', 'IN_PROGRESS → DONE'],
    ]);
  });
});

describe('one notification per person per event', () => {
  it('gives the most specific kind: assigned over mentioned over status', async () => {
    const { lead, member, extra, ref } = team;
    const issue = await team.newIssue(member); // member watches as reporter
    await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, lead, { assigneeId: member.user.id }),
      previousAssigneeId: null,
      mentionedIds: [member.user.id, extra.user.id],
      statusChange: status('TODO', 'DONE'),
    });
    expect(await kindsAbout(t, member, issue)).toEqual(['assigned']);
    expect(await kindsAbout(t, extra, issue)).toEqual(['mentioned']);
  });

  it('gives mentioned over reply over comment', async () => {
    const { lead, member, extra, ref } = team;
    const issue = await team.newIssue(member);
    const reply = (mentionedIds: string[]) =>
      deliver(t, {
        type: 'comment.created',
        ...ref(issue, lead),
        commentId: '2',
        parentId: '1',
        parentAuthorId: member.user.id,
        mentionedIds,
        excerpt: 'Yes',
      });
    await reply([member.user.id]);
    await reply([]);
    // The reporter is the replied-to author and a watcher both times, and mentioned the first time.
    expect(await kindsAbout(t, member, issue)).toEqual(['mentioned', 'reply']);
    expect(await kindsAbout(t, extra, issue)).toEqual([]);
  });

  it('stores an event handled twice once (a redelivery after a lost acknowledgement)', async () => {
    const { lead, member, ref } = team;
    const issue = await team.newIssue(lead);
    const event = await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, lead, { assigneeId: member.user.id }),
      previousAssigneeId: null,
      mentionedIds: [],
      statusChange: null,
    });
    await t.events.append(event);
    await t.events.append({ ...event } as DomainEvent);
    expect(await kindsAbout(t, member, issue)).toEqual(['assigned']);
  });
});

describe('added to a project', () => {
  it('tells the new member, not the one who added them', async () => {
    const { lead, outsider } = team;
    const event = await deliver(t, {
      type: 'member.added',
      projectId: '987001',
      projectKey: 'ADDED1',
      projectName: 'Added project',
      userId: outsider.user.id,
      actorId: lead.user.id,
    });
    const told = (await inbox(t, outsider)).notifications.filter((n) => n.projectKey === 'ADDED1');
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'added_to_project',
        issueId: null,
        issueKey: null,
        title: 'Added project',
        actor: { id: lead.user.id, name: 'Lena Lead' },
      }),
    ]);
    expect((await inbox(t, lead)).notifications.filter((n) => n.projectKey === 'ADDED1')).toEqual([]);
    expect(event.type).toBe('member.added');
  });

  it('tells nobody who adds themselves', async () => {
    const { lead } = team;
    await deliver(t, {
      type: 'member.added',
      projectId: '987002',
      projectKey: 'ADDED2',
      projectName: 'Mine',
      userId: lead.user.id,
      actorId: lead.user.id,
    });
    expect((await inbox(t, lead)).notifications.filter((n) => n.projectKey === 'ADDED2')).toEqual([]);
  });
});

describe('settings', () => {
  it('stores nothing for a kind set to off, and the rest as set', async () => {
    const { lead, ref } = team;
    const person = await t.givenUser({ name: 'Quiet Person' });
    await t.ok(t.as(lead.token).post(`/api/projects/${team.key}/members`, { email: person.email }));
    await t.ok(t.as(person.token).put('/api/notifications/settings', { mentioned: 'off', assigned: 'app' }));
    const issue = await team.newIssue(lead);
    await deliver(t, {
      type: 'comment.created',
      ...ref(issue, lead),
      commentId: '3',
      parentId: null,
      parentAuthorId: null,
      mentionedIds: [person.user.id],
      excerpt: 'Ping',
    });
    await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, lead, { assigneeId: person.user.id }),
      previousAssigneeId: null,
      mentionedIds: [],
      statusChange: null,
    });
    expect(await kindsAbout(t, person, issue)).toEqual(['assigned']);
  });
});

describe('the push', () => {
  it('records notification.created for each stored notification, with the unread count, for the sockets', async () => {
    const { lead, member, extra, ref } = team;
    const heard: EventOf<'notification.created'>[] = [];
    await t.events.listen({ 'notification.created': (e) => void heard.push(e) });
    const issue = await team.newIssue(lead);
    const before = (await inbox(t, member)).unreadCount;
    await deliver(t, {
      type: 'issue.assigned',
      ...ref(issue, lead, { assigneeId: member.user.id }),
      previousAssigneeId: null,
      mentionedIds: [extra.user.id],
      statusChange: null,
    });
    // Relayed after the notifications' commit (the relay is kicked then, and polls).
    const pushed = () => heard.filter((e) => e.notification.issueId === issue.id);
    await until(() => pushed().length === 2, 'both pushes relayed');
    expect(
      pushed()
        .map((e) => [e.userId, e.notification.kind])
        .sort(),
    ).toEqual(
      [
        [member.user.id, 'assigned'],
        [extra.user.id, 'mentioned'],
      ].sort(),
    );
    const toMember = pushed().find((e) => e.userId === member.user.id)!;
    expect(toMember.unreadCount).toBe(before + 1);
    expect(toMember.notification).toEqual(
      (await inbox(t, member)).notifications.find((n) => n.id === toMember.notification.id),
    );
  });
});

describe('through the board service', () => {
  it('tells of real changes: an assignment, a comment mentioning the assignee, a move', async () => {
    const { lead, member, extra } = team;
    const issue = await team.newIssue(extra);
    await t.ok(t.as(lead.token).patch(`/api/issues/${issue.id}`, { assigneeId: member.user.id }));
    await t.ok(
      t.as(lead.token).post(`/api/issues/${issue.id}/comments`, {
        body: `${mentionMarkup('Mo Member', member.user.id)} could you look?`,
      }),
    );
    const done = team.board.columns.at(-1)!;
    await t.ok(
      t.as(lead.token).put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: issue.columnId,
        destinationColumnId: done.id,
        position: 0,
        boardId: issue.boardId,
      }),
    );
    // Relayed from the board service's outbox after each commit.
    await until(async () => (await kindsAbout(t, member, issue)).length === 3, 'the assignee told three times');
    await until(async () => (await kindsAbout(t, extra, issue)).length === 2, 'the reporter told twice');
    expect(await kindsAbout(t, member, issue)).toEqual(['assigned', 'mentioned', 'status']);
    expect(await kindsAbout(t, extra, issue)).toEqual(['comment', 'status']);
    expect(await kindsAbout(t, lead, issue)).toEqual([]);
  });
});
