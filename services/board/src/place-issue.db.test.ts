import { sql } from 'drizzle-orm';
import type { IssueDto, MoveResult } from '@trackboard/contracts';
import { DomainEvent } from '@trackboard/contracts/events';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

// board.place_issue_at, the SQL function a move runs, writes the move's issue.moved event to the
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
        await tx.execute(sql`select outcome from board.place_issue_at(
          ${Number(g.board.id)}, ${Number(issue.id)}, ${Number(g.column('Done').id)}, 'DONE', 0, 40,
          ${Number(g.lead.user.id)}, 'moved', now())`);
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
      await tx.execute(sql`select outcome from board.place_issue_at(
        ${Number(g.board.id)}, ${Number(issue.id)}, ${Number(g.column('Done').id)}, 'DONE', 0, 40,
        ${Number(g.lead.user.id)}, 'moved', now())`);
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

  it('lands at the index among the column’s others: first, between, at the end, and past it', async () => {
    const g = await givenBoard(t);
    const [a, b, c] = [await g.addIssue('To Do', 'a'), await g.addIssue('To Do', 'b'), await g.addIssue('To Do', 'c')];
    const move = async (id: string, position: number) =>
      (
        await t.ok<MoveResult>(
          t.as(g.member.token).put(`/api/issues/${id}/position`, {
            sourceColumnId: g.column('To Do').id,
            destinationColumnId: g.column('To Do').id,
            position,
            boardId: g.board.id,
          }),
        )
      ).issues[0]!.position;
    const order = async () => (await g.fetchBoard()).columns[0]!.issues.map((i) => i.title);
    expect(await move(c.id, 0)).toBe(0);
    expect(await order()).toEqual(['c', 'a', 'b']);
    expect(await move(b.id, 1)).toBe(1);
    expect(await order()).toEqual(['c', 'b', 'a']);
    expect(await move(c.id, 2)).toBe(2);
    expect(await order()).toEqual(['b', 'a', 'c']);
    expect(await move(b.id, 2 ** 40)).toBe(2);
    expect(await order()).toEqual(['a', 'c', 'b']);
    expect((await g.fetchBoard()).columns[0]!.issues.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
  });

  it('gives the column fresh keys when its old ones leave no gap, and still lands where asked', async () => {
    const g = await givenBoard(t);
    const [a, b, c] = [await g.addIssue('To Do', 'a'), await g.addIssue('To Do', 'b'), await g.addIssue('To Do', 'c')];
    // Two neighbours with one key (data from before keys were checked): nothing sorts between them.
    await t.database.db.execute(
      sql`update board.issues set rank = 'a1' where id in (${Number(a.id)}, ${Number(b.id)})`,
    );
    const placed = await queryRows<{ outcome: string }>(
      t.database.db,
      sql`select outcome from board.place_issue_at(${Number(g.board.id)}, ${Number(c.id)}, ${Number(g.column('To Do').id)},
        'TODO', 1, 40, ${Number(g.member.user.id)}, 'moved', now())`,
    );
    expect(placed).toEqual([{ outcome: 'rebalance' }]);
    const result = await t.ok<MoveResult>(
      t.as(g.member.token).put(`/api/issues/${c.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('To Do').id,
        position: 1,
        boardId: g.board.id,
      }),
    );
    // The moved issue first, then the others the fresh keys changed.
    expect(result.issues.map((i) => [i.id, i.position])).toEqual([
      [c.id, 1],
      [a.id, 0],
      [b.id, 2],
    ]);
    const column = (await g.fetchBoard()).columns[0]!.issues;
    expect(column.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
    expect(new Set(column.map((i) => i.rank)).size).toBe(3);
  });
});
