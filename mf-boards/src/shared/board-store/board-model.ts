import {
  statusInColumn,
  type BoardDto,
  type BoardUpdatedEvent,
  type ColumnDto,
  type IssueDto,
  type LabelDto,
} from '@trackboard/contracts';
import { generateKeyBetween } from 'fractional-indexing';

// The board's issue order, without React or the network: the store's rules
// are built from these.

export type ColumnMeta = Pick<ColumnDto, 'id' | 'name' | 'position' | 'wipLimit'>;
export type BoardColumn = ColumnMeta & { issues: IssueDto[] };

export interface MoveRequest {
  issueId: string;
  sourceColumnId: string;
  destinationColumnId: string;
  /** Index in the destination column once the issue has left its old place. */
  newPosition: number;
}

const compareIds = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);
const hasPosition = (issue: IssueDto) => typeof issue.position === 'number' && Number.isFinite(issue.position);

/**
 * Order within a column: by rank key, then id (blueprint §3); an issue without a rank goes by
 * its position, with missing positions last.
 */
export function compareIssues(a: IssueDto, b: IssueDto): number {
  if (a.rank && b.rank) return a.rank === b.rank ? compareIds(a.id, b.id) : a.rank < b.rank ? -1 : 1;
  if (hasPosition(a) !== hasPosition(b)) return hasPosition(a) ? -1 : 1;
  if (hasPosition(a) && hasPosition(b) && a.position !== b.position) return a.position - b.position;
  return compareIds(a.id, b.id);
}

/** A server older than WIP limits sends none: no limit. */
export const sortColumnMeta = (columns: (Omit<ColumnMeta, 'wipLimit'> & Partial<Pick<ColumnMeta, 'wipLimit'>>)[]) =>
  [...columns]
    .sort((a, b) => a.position - b.position || compareIds(a.id, b.id))
    .map(({ id, name, position, wipLimit }) => ({ id: String(id), name, position, wipLimit: wipLimit ?? null }));

/** Positions become indexes 0..n-1 in every column, in column order. */
export function renumber(issues: IssueDto[]): IssueDto[] {
  const byColumn = new Map<string | null, IssueDto[]>();
  for (const issue of issues) {
    const list = byColumn.get(issue.columnId) ?? [];
    list.push(issue);
    byColumn.set(issue.columnId, list);
  }
  const positions = new Map<string, number>();
  for (const list of byColumn.values())
    list.sort(compareIssues).forEach((issue, index) => positions.set(issue.id, index));
  return issues.map((issue) =>
    issue.position === positions.get(issue.id) ? issue : { ...issue, position: positions.get(issue.id)! },
  );
}

/** Columns rebuilt from the issue list (spec §3: "issues (rebuilt locally from the issue list)"). */
export function buildColumns(columns: ColumnMeta[], issues: IssueDto[]): BoardColumn[] {
  const byColumn = new Map<string, IssueDto[]>(columns.map((column) => [column.id, []]));
  for (const issue of issues) if (issue.columnId !== null) byColumn.get(issue.columnId)?.push(issue);
  return columns.map((column) => ({ ...column, issues: byColumn.get(column.id)!.sort(compareIssues) }));
}

/** A rank key between two neighbours, or undefined when theirs leave no room (the server's answer will settle it). */
function rankBetween(before: IssueDto | undefined, after: IssueDto | undefined): string | undefined {
  try {
    return generateKeyBetween(before?.rank || null, after?.rank || null);
  } catch {
    return undefined;
  }
}

/**
 * The optimistic move: the issue leaves its place and lands at `newPosition` of
 * the destination, positions are renumbered in both columns, and the status follows the
 * destination column's name when the column changes (spec §4.6; a name that maps to no status
 * keeps the issue's).
 */
export function moveIssueLocally(issues: IssueDto[], columns: ColumnMeta[], move: MoveRequest): IssueDto[] {
  const moving = issues.find((issue) => issue.id === move.issueId);
  const destination = columns.find((column) => column.id === move.destinationColumnId);
  if (!moving || !destination) return issues;
  const others = issues.filter((issue) => issue.id !== moving.id);
  const target = others.filter((issue) => issue.columnId === destination.id).sort(compareIssues);
  const index = Math.max(0, Math.min(move.newPosition, target.length));
  const changedColumn = moving.columnId !== destination.id;
  const moved: IssueDto = {
    ...moving,
    columnId: destination.id,
    status: changedColumn ? statusInColumn(destination.name, moving.status) : moving.status,
  };
  const order = [...target.slice(0, index), moved, ...target.slice(index)];
  // Keep the order explicit through the rank key too, so that a realtime delta re-sorting the
  // column before the server answers does not undo the move on screen. Neighbours whose keys
  // leave no room: the column goes by position until the server's list replaces it.
  const rank = rankBetween(target[index - 1], target[index]);
  const placed = new Map(
    order.map((issue, position) => [
      issue.id,
      rank === undefined
        ? { ...issue, rank: '', position }
        : { ...issue, position, ...(issue === moved ? { rank } : {}) },
    ]),
  );
  return renumber(issues.map((issue) => placed.get(issue.id) ?? issue));
}

export type DeltaOutcome =
  { kind: 'ignore' } | { kind: 'refetch' } | { kind: 'apply'; issues: IssueDto[]; version: number };

/** `changed` put in (replacing issues with their ids) and `removedIds` taken out, positions renumbered. */
function merge(issues: IssueDto[], changed: IssueDto[], removedIds: string[] = []): IssueDto[] {
  const byId = new Map(changed.map((issue) => [issue.id, issue]));
  const removed = new Set(removedIds);
  const kept = issues.filter((issue) => !removed.has(issue.id)).map((issue) => byId.get(issue.id) ?? issue);
  const known = new Set(issues.map((issue) => issue.id));
  const added = [...byId.values()].filter((issue) => !known.has(issue.id) && !removed.has(issue.id));
  return renumber([...kept, ...added]);
}

/**
 * What a board_updated event does to the local issue list (blueprint §4):
 * an event for another board or already seen is ignored; a version gap or a column change
 * asks for a refetch; `complete` replaces everything; otherwise issues are upserted and
 * `removedIssueIds` dropped.
 */
export function applyBoardUpdate(
  issues: IssueDto[],
  localVersion: number,
  event: BoardUpdatedEvent<IssueDto>,
): DeltaOutcome {
  if (event.version <= localVersion) return { kind: 'ignore' };
  if (event.columnsChanged) return { kind: 'refetch' };
  if (event.complete) return { kind: 'apply', issues: renumber(event.issues), version: event.version };
  if (event.version > localVersion + 1) return { kind: 'refetch' };
  return {
    kind: 'apply',
    issues: merge(issues, event.issues, event.removedIssueIds),
    version: event.version,
  };
}

/** The server's answer to this page's own change: the issues it changed, as of the board version it made. */
export type ChangeAnswer = { issues: IssueDto[]; version: number };

/**
 * An own change's answer, applied like a board_updated delta: a version gap asks for a
 * refetch. Its echo may come first and take the version without applying anything (the
 * change is on screen already), so an answer at the local version still applies. One behind
 * it (others' changes came in meanwhile) applies only when it holds a newer copy of every
 * issue in it (per-issue versions); otherwise the board is fetched again.
 */
export function applyChangeAnswer(issues: IssueDto[], localVersion: number, answer: ChangeAnswer): DeltaOutcome {
  if (answer.version > localVersion + 1) return { kind: 'refetch' };
  if (answer.version < localVersion) {
    const known = new Map(issues.map((issue) => [issue.id, issue]));
    if (!answer.issues.every((issue) => issue.version > (known.get(issue.id)?.version ?? Infinity)))
      return { kind: 'refetch' };
  }
  return { kind: 'apply', issues: merge(issues, answer.issues), version: Math.max(localVersion, answer.version) };
}

/** Adds an issue, or replaces the one with its id. */
export const upsertIssue = (issues: IssueDto[], issue: IssueDto) =>
  issues.some((known) => known.id === issue.id)
    ? issues.map((known) => (known.id === issue.id ? issue : known))
    : [...issues, issue];

/** Every issue of a board fetch: the columns hold them, each once. */
export const issuesOfBoard = (board: Pick<BoardDto, 'columns'>) => board.columns.flatMap((column) => column.issues);

/** A board's labels as the server lists them: by name, case-insensitively (a created one joins in its place). */
export const sortLabels = (labels: LabelDto[]) =>
  [...labels].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
