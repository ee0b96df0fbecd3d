import { sql } from 'drizzle-orm';
import type { IssueDto } from '@trackboard/contracts';
import { DomainEvent } from '@trackboard/contracts/events';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

// board.place_issue, the SQL function a move runs, writes the move's issue.moved event to the
// board's outbox in the caller's transaction: rolled back, the event goes with the move.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

describe('moving an issue', () => {
  it('records its event in the caller’s transaction: rolled back, there is none', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Not moved');
    // Read on the transaction's own connection inside it (PGlite has only one).
    const outboxRows = async (db = t.database.db) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from board.outbox
            where event->>'type' = 'issue.moved' and event->>'issueId' = ${issue.id}`,
        )
      )[0]!.n;
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select outcome from board.place_issue(
          ${Number(g.board.id)}, ${Number(issue.id)}, ${Number(g.column('Done').id)}, 'DONE', 'n',
          null, null, null, null, ${Number(g.lead.user.id)}, 'moved', now())`);
        expect(await outboxRows(tx)).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows()).toBe(0);
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).columnId).toBe(
      g.column('To Do').id,
    );
  });

  it('records an issue.moved event that parses with the event schema the bus reads it with', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Moved');
    // Read in the move's transaction, before any relay could take the row.
    const recorded = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select outcome from board.place_issue(
        ${Number(g.board.id)}, ${Number(issue.id)}, ${Number(g.column('Done').id)}, 'DONE', 'n',
        null, null, null, null, ${Number(g.lead.user.id)}, 'moved', now())`);
      const [row] = await queryRows<{ event: unknown }>(
        tx,
        sql`select event from board.outbox
          where event->>'type' = 'issue.moved' and event->>'issueId' = ${issue.id}`,
      );
      return row!.event;
    });
    expect(DomainEvent.parse(recorded)).toEqual({
      type: 'issue.moved',
      id: expect.any(String),
      occurredAt: expect.any(String),
      issueId: issue.id,
      issueKey: issue.key,
      projectId: g.project.id,
      projectKey: g.key,
      boardId: g.board.id,
      title: 'Moved',
      actorId: g.lead.user.id,
      reporterId: issue.reporterId,
      assigneeId: null,
      fromColumnId: g.column('To Do').id,
      toColumnId: g.column('Done').id,
      statusChange: { fromStatus: issue.status, toStatus: 'DONE' },
      // What webhooks deliver, in the shape board.issue_details gives every event.
      issue: expect.objectContaining({
        id: issue.id,
        key: issue.key,
        status: 'DONE',
        column: { id: g.column('Done').id, name: 'Done' },
        reporter: { id: g.member.user.id, name: g.member.user.name, email: g.member.email },
        assignee: null,
      }),
      actor: { id: g.lead.user.id, name: g.lead.user.name, email: g.lead.email },
      changes: {
        column: { from: { id: g.column('To Do').id, name: 'To Do' }, to: { id: g.column('Done').id, name: 'Done' } },
        status: { from: issue.status, to: 'DONE' },
      },
    });
  });
});
