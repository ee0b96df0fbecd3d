import type { MoveResult } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

// Issue #11: moves queued on the board's row lock while its holder made six round trips. A
// move now takes the lock inside one statement (board.place_issue) and opens no transaction.
let t: TestPlatform;
let recording: string[] | null = null;

beforeAll(async () => {
  t = await createTestPlatform({ onQuery: (query) => recording?.push(query) });
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
    const { result, statements } = await statementsOf(() =>
      t.ok<MoveResult>(
        t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
          sourceColumnId: g.column('To Do').id,
          destinationColumnId: g.column('Done').id,
          position: 1,
          boardId: g.board.id,
        }),
      ),
    );
    expect(result.issues.map((i) => [i.id, i.position])).toEqual([[a.id, 1]]);
    expect(statements.filter((s) => /^\s*(begin|commit|start transaction)/i.test(s))).toEqual([]);
    const locking = statements.filter((s) => /for update|update\s+"?board"?\."?boards"?/i.test(s));
    expect(locking).toEqual([]);
    expect(statements.filter((s) => s.includes('board.place_issue'))).toHaveLength(1);
    // The session; the issue, its board, the caller's membership, the destination and the gap;
    // the write.
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});
