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

/** Several issues as they stand now (issueDetailsOf), by id: taken before a bulk change. */
export async function issueDetailsOfMany(tx: Db, issueIds: number[]): Promise<Map<number, IssueDetails>> {
  const rows = await queryRows<{ id: string; issue: IssueDetails }>(
    tx,
    sql`select v.id::text as id, board.issue_details(v.id) as issue
    from unnest(${sql.param(issueIds)}::bigint[]) as v(id)`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.issue]));
}

/** changedDetailsOf for several issues at once, by id: one statement for a bulk change. */
export async function changedDetailsOfMany(
  tx: Db,
  actorId: string,
  before: Map<number, IssueDetails>,
): Promise<Map<number, EventDetails & { changes: IssueChanges }>> {
  const ids = [...before.keys()];
  const rows = await queryRows<EventDetails & { changes: IssueChanges; id: string }>(
    tx,
    sql`select after.id::text as id, after.issue, board.person_details(${actorId}::bigint) as actor,
      board.issue_changes(after.before, after.issue) as changes
    from (select v.id, v.before, board.issue_details(v.id) as issue
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(ids.map((id) => JSON.stringify(before.get(id))))}::jsonb[])
        as v(id, before)) as after`,
  );
  return new Map(rows.map(({ id, ...details }) => [Number(id), details]));
}
