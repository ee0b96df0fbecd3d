import { sql } from 'drizzle-orm';
import { IssueChanges, IssueDetails } from '@trackboard/contracts/events';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

// The SQL functions every issue event's webhook details come from (migration 0015): the events
// recorded in TypeScript call them, and board.place_issue_at builds the move's event with them.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<{ value: T }>(t.database.db, query))[0]!.value;

describe('board.issue_details', () => {
  it('gives an issue in exactly the shape of IssueDetails, and null for none', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Detailed');
    const details = await one<IssueDetails>(sql`select board.issue_details(${Number(issue.id)}::bigint) as value`);
    // Parsed as the bus parses an event: nothing unknown dropped, nothing missing.
    expect(IssueDetails.parse(details)).toEqual(details);
    expect(details).toMatchObject({ key: issue.key, column: { id: g.column('To Do').id, name: 'To Do' } });
    expect(await one(sql`select board.issue_details(0) as value`)).toBeNull();
  });
});

describe('board.person_details', () => {
  it('names an account by id alone once it is gone, and nobody as null', async () => {
    expect(await one(sql`select board.person_details(987654321) as value`)).toEqual({
      id: '987654321',
      name: null,
      email: null,
    });
    expect(await one(sql`select board.person_details(null) as value`)).toBeNull();
  });
});

describe('board.issue_changes', () => {
  it('compares exactly the fields IssueChanges names, and says nothing of equal ones', async () => {
    const fields = Object.keys(IssueChanges.shape);
    const before = Object.fromEntries([...fields, 'commentCount', 'updatedAt'].map((f) => [f, 'before']));
    const after = Object.fromEntries([...fields, 'commentCount', 'updatedAt'].map((f) => [f, 'after']));
    const changes = await one<Record<string, unknown>>(
      sql`select board.issue_changes(${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb) as value`,
    );
    expect(Object.keys(changes).sort()).toEqual([...fields].sort());
    expect(changes.title).toEqual({ from: 'before', to: 'after' });
    expect(
      await one(
        sql`select board.issue_changes(${JSON.stringify(before)}::jsonb, ${JSON.stringify(before)}::jsonb) as value`,
      ),
    ).toEqual({});
  });
});
