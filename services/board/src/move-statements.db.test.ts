import type { MoveResult } from '@trackboard/contracts';
import { createLogger, createMemoryEventBus, type EventBus } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { listenToEvents } from './testing/domain-events';
import { givenBoard } from './testing/given-board';

// Moves queued on the board's row lock while its holder made six round trips. A
// move now takes the lock inside one statement (board.place_issue_at) and opens no transaction.
let t: TestPlatform;
let recording: string[] | null = null;
// The move's event goes on to the bus only once the gate opens: what the event's handlers do
// (in this one process) is theirs, not the move's, and stays out of the count.
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const bus = createMemoryEventBus(createLogger('test', 'silent'));
  const gated: EventBus = { ...bus, append: async (event) => (await gate, bus.append(event)) };
  t = await createTestPlatform({ events: gated, onQuery: (query) => recording?.push(query) });
});
afterAll(() => t.close());

async function statementsOf<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  recording = [];
  try {
    const result = await action();
    return { result, statements: recording };
  } finally {
    recording = null;
  }
}

describe('a move', () => {
  it('takes the board lock in one statement, opens no transaction and sends a handful of statements', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    await g.addIssue('Done', 'x');
    await g.addIssue('Done', 'y');
    // What the changes above recorded is relayed first, so its relay's statements are not counted here.
    await listenToEvents(t).mark();
    const heard = new Promise((resolve) =>
      t.events.listen({ 'issue.moved': (e) => void (e.issueId === a.id && resolve(e)) }),
    );
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const { result, statements: all } = await statementsOf(() =>
      t.ok<MoveResult>(
        t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
          sourceColumnId: g.column('To Do').id,
          destinationColumnId: g.column('Done').id,
          position: 1,
          boardId: g.board.id,
        }),
      ),
    );
    open();
    expect(result.issues.map((i) => [i.id, i.position])).toEqual([[a.id, 1]]);
    // The move's issue.moved event is written by place_issue_at itself; the outbox
    // relay, kicked once it commits, claims it beside the answer, on a statement of its own that
    // the move does not wait for. Every service's relay also polls each second on its own (the
    // database is shared here): a poll landing in this window is not the move's either.
    const relay = (s: string) => /^\s*update\s+"\w+"\."outbox"/i.test(s);
    const statements = all.filter((s) => !relay(s));
    expect(statements.filter((s) => /"?board"?\."?outbox"?/i.test(s))).toEqual([]);
    expect(statements.filter((s) => /^\s*(begin|commit|start transaction)/i.test(s))).toEqual([]);
    const locking = statements.filter((s) => /for update|update\s+"?board"?\."?boards"?/i.test(s));
    expect(locking).toEqual([]);
    expect(statements.filter((s) => s.includes('board.place_issue_at'))).toHaveLength(1);
    // The session; the issue, its board, the caller's membership and the destination; the gap
    // and the write.
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(await heard).toMatchObject({ type: 'issue.moved', toColumnId: g.column('Done').id });
  });
});
