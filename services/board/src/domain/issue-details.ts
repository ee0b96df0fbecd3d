import { sql } from 'drizzle-orm';
import type { IssueChanges, IssueDetails, PersonDetails } from '@trackboard/contracts';
import { queryRows, type Db } from '@trackboard/server-kit';

// What an issue event carries for webhooks (contracts/src/issue-details.ts), read in the
// change's transaction from the SQL functions of migration 0015: `board.place_issue` builds the
// move's event with the same functions, so every event has one shape.

/** The issue as it stands in `tx`, and who is making the change. */
export type EventDetails = { issue: IssueDetails; actor: PersonDetails };

/** The issue as it stands now (null when there is none): taken before a change, for its `changes`. */
export async function issueDetailsOf(tx: Db, issueId: number): Promise<IssueDetails | null> {
  const [row] = await queryRows<{ issue: IssueDetails | null }>(
    tx,
    sql`select board.issue_details(${issueId}::bigint) as issue`,
  );
  return row?.issue ?? null;
}

/** The issue as it stands now and the actor, for an event. */
export async function eventDetailsOf(tx: Db, issueId: number, actorId: string): Promise<EventDetails> {
  const [row] = await queryRows<EventDetails>(
    tx,
    sql`select board.issue_details(${issueId}::bigint) as issue, board.person_details(${actorId}::bigint) as actor`,
  );
  return row!;
}

/** The issue after a change, the actor, and each field that changed since `before` (issueDetailsOf). */
export async function changedDetailsOf(
  tx: Db,
  issueId: number,
  actorId: string,
  before: IssueDetails,
): Promise<EventDetails & { changes: IssueChanges }> {
  const [row] = await queryRows<EventDetails & { changes: IssueChanges }>(
    tx,
    sql`select after.issue, board.person_details(${actorId}::bigint) as actor,
      board.issue_changes(${JSON.stringify(before)}::jsonb, after.issue) as changes
    from (select board.issue_details(${issueId}::bigint) as issue) as after`,
  );
  return row!;
}
