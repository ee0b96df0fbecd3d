import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IssueDto } from '@trackboard/contracts';
import type { Db } from '@trackboard/server-kit';
import { boards, issues } from '../db/schema';
import { issueDtoFields } from './issue-dto';
import { clampIndex, evenRanks, needsRebalance, rankBetween, REBALANCE_LENGTH } from './ordering';

// Where an issue goes in a column: the gap between two neighbours, the rank key between them,
// and (when keys have grown too long) the column's keys spread out again.

type Neighbour = { id: number; rank: string };
/** The issues a placement goes between; null at either end of the column. */
export type Gap = { before: Neighbour | null; after: Neighbour | null };

const compareKeys = (a: Neighbour, b: Neighbour) => (a.rank === b.rank ? a.id - b.id : a.rank < b.rank ? -1 : 1);

/** Which rows of a column's order `gapQuery` reads for the gap at `index` (undefined: after the last). */
const gapWindow = (index: number | undefined) =>
  index === undefined ? undefined : { offset: Math.max(index - 1, 0), limit: index === 0 ? 1 : 2 };

/**
 * The rows that make a gap in a column with `issueId` left out: two short scans of the
 * (column_id, rank, id) index in one statement, the neighbours in `window` and the last issue
 * (for an index past the end). Without a window, the last issue alone (appending).
 */
function gapQuery(db: Db, columnId: number, issueId: number | null, window?: { offset: number; limit: number }) {
  const inColumn =
    issueId === null ? eq(issues.columnId, columnId) : and(eq(issues.columnId, columnId), ne(issues.id, issueId));
  const last = db
    .select({ id: issues.id, rank: issues.rank, last: sql<boolean>`true`.as('last') })
    .from(issues)
    .where(inColumn)
    .orderBy(desc(issues.rank), desc(issues.id))
    .limit(1);
  if (!window) return last;
  return db
    .select({ id: issues.id, rank: issues.rank, last: sql<boolean>`false`.as('last') })
    .from(issues)
    .where(inColumn)
    .orderBy(asc(issues.rank), asc(issues.id))
    .offset(window.offset)
    .limit(window.limit)
    .unionAll(last);
}
type GapRow = { id: number | string; rank: string; last: boolean };

/** The gap that `gapQuery`'s rows make. */
function gapOf(rows: GapRow[], index: number | undefined): Gap {
  const key = (r: GapRow | undefined) => (r ? { id: Number(r.id), rank: r.rank } : null);
  const run = rows
    .filter((r) => !r.last)
    .map(key)
    .sort((a, b) => compareKeys(a!, b!));
  if (index === 0) return { before: null, after: run[0] ?? null };
  if (run.length > 0) return { before: run[0]!, after: run[1] ?? null };
  return { before: key(rows.find((r) => r.last)), after: null };
}

const gapAt = async (db: Db, columnId: number, issueId: number | null, index: number | undefined) =>
  gapOf(await gapQuery(db, columnId, issueId, gapWindow(index)), index);

/** The key for a gap, or '' when none fits well (the column must be rebalanced). */
function rankFor(gap: Gap): string {
  const rank = rankBetween(gap.before?.rank ?? null, gap.after?.rank ?? null);
  return needsRebalance(rank) ? '' : rank;
}

/**
 * A rank that puts the issue at `index` of the column (inside the board's transaction; undefined:
 * at its end). When the keys have grown too long the column is given fresh keys; the other
 * issues that changed come back so their new order can be sent out.
 */
export async function placeAt(
  tx: Db,
  columnId: number,
  issueId: number | null,
  index: number | undefined,
): Promise<{ rank: string; rebalanced: number[] }> {
  const rank = rankFor(await gapAt(tx, columnId, issueId, index));
  if (rank) return { rank, rebalanced: [] };
  return rebalanceColumn(tx, columnId, issueId, index);
}

/** Takes the board's row lock for the rest of the transaction (changes to one board run one at a time). */
export async function lockBoard(tx: Db, boardId: number): Promise<void> {
  await tx.select({ id: boards.id }).from(boards).where(eq(boards.id, boardId)).for('update');
}

/**
 * Spreads a column's keys out again, leaving room at `index` for `issueId` (inside a
 * transaction that holds the board lock). Returns the gap and key for the issue, and the ids
 * of the column's other issues, all re-keyed.
 */
export async function rebalanceColumn(
  tx: Db,
  columnId: number,
  issueId: number | null,
  index: number | undefined,
): Promise<{ rank: string; rebalanced: number[] }> {
  const inColumn =
    issueId === null ? eq(issues.columnId, columnId) : and(eq(issues.columnId, columnId), ne(issues.id, issueId));
  const others = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(inColumn)
    .orderBy(asc(issues.rank), asc(issues.id));
  const at = clampIndex(index, others.length);
  const keys = evenRanks(others.length + 1);
  const order = [...others.slice(0, at), null, ...others.slice(at)];
  const rekeyed = order.flatMap((other, i) => (other ? [{ id: other.id, rank: keys[i]! }] : []));
  if (rekeyed.length > 0)
    await tx.execute(sql`update ${issues} set rank = v.rank
      from unnest(${sql.param(rekeyed.map((r) => r.id))}::bigint[], ${sql.param(rekeyed.map((r) => r.rank))}::text[])
        as v(id, rank)
      where ${issues.id} = v.id`);
  return { rank: keys[at]!, rebalanced: rekeyed.map((r) => r.id) };
}

export type Placement = {
  boardId: number;
  issueId: number;
  columnId: number;
  status: string;
  /** Its index among the column's other issues; undefined: after the last. */
  index: number | undefined;
  actorId: number;
  /** The activity line, written only when the issue changes column. */
  activity: string;
  now: Date;
};
export type Placed =
  | {
      outcome: 'placed';
      version: number;
      issue: IssueDto;
      /** It changed column, so `issue.moved` went into the outbox with it: the relay is kicked. */
      eventRecorded: boolean;
    }
  | { outcome: 'rebalance' | 'issue_gone' | 'column_gone' };

/** The row `board.place_issue_at` wrote, as the issue DTO is made from the table. */
const WRITTEN = 'written';
const written = alias(issues, WRITTEN);
const param = (name: keyof ReturnType<typeof placementParams>) => sql.placeholder(name);
const placementParams = (p: Placement) => ({
  board: p.boardId,
  issue: p.issueId,
  column: p.columnId,
  status: p.status,
  index: p.index ?? null,
  maxRankLength: REBALANCE_LENGTH,
  actor: p.actorId,
  activity: p.activity,
  now: p.now.toISOString(),
});

/**
 * One statement (`board.place_issue_at`, migration 0023) that takes the board lock, reads the gap
 * at the index and makes its key, bumps the board version and writes the issue, its activity and
 * (to another column) its `issue.moved` event; the answer is shaped from the row it returns.
 * Prepared: it runs on every move.
 */
const placeStatement = (db: Db) =>
  db
    .select({
      outcome: sql<Placed['outcome']>`p.outcome`,
      boardVersion: sql<number | null>`p.board_version`,
      eventRecorded: sql<boolean>`p.event_recorded`,
      issue: issueDtoFields(written, sql`p.issue_position`),
    })
    .from(
      sql`board.place_issue_at(${param('board')}, ${param('issue')}, ${param('column')}, ${param('status')},
          ${param('index')}, ${param('maxRankLength')}, ${param('actor')}, ${param('activity')}, ${param('now')}) as p
        left join lateral (select (p.issue).*) as ${sql.identifier(WRITTEN)} on true`,
    )
    .prepare('board_place_issue_at');

/** Places issues on `db` (outside a transaction) or, given one, inside `tx`. */
export function createPlacer(db: Db) {
  const onDb = placeStatement(db);
  return async function placeIssue(p: Placement, tx?: Db): Promise<Placed> {
    const [row] = await (tx ? placeStatement(tx) : onDb).execute(placementParams(p));
    const { outcome, boardVersion, issue, eventRecorded } = row!;
    return outcome === 'placed' ? { outcome, version: boardVersion!, issue, eventRecorded } : { outcome };
  };
}
