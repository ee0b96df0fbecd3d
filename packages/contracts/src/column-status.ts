// Spec §4.6: the column name decides an issue's status whenever it moves (drag or dropdown).
export const issueStatuses = ['TODO', 'IN_PROGRESS', 'DONE', 'BACKLOG', 'CLOSED'] as const;
export type IssueStatus = (typeof issueStatuses)[number];
/** Finished work: an issue in one of these is no longer open ("Assigned to Me" and My Issues leave it out). */
export const finishedStatuses: readonly IssueStatus[] = ['DONE', 'CLOSED'];
export const openStatuses: readonly IssueStatus[] = issueStatuses.filter((s) => !finishedStatuses.includes(s));

const byColumnName: Record<string, IssueStatus> = {
  'TO DO': 'TODO',
  TODO: 'TODO',
  'IN PROGRESS': 'IN_PROGRESS',
  DONE: 'DONE',
  BACKLOG: 'BACKLOG',
  CLOSED: 'CLOSED',
};

/** The status a column's name maps to (case and outer spaces aside), or null when it maps to none. */
export function mappedStatus(columnName: string | null | undefined): IssueStatus | null {
  return byColumnName[(columnName ?? '').trim().toUpperCase()] ?? null;
}

/** A new issue's status in a column: the mapped one, TODO for a name that maps to none. */
export function statusForColumn(columnName: string | null | undefined): IssueStatus {
  return mappedStatus(columnName) ?? 'TODO';
}

/**
 * An existing issue's status once it is in a column (moved there, or its column renamed, or its
 * column deleted and the issue sent there): the status the column's name maps to, and when it
 * maps to none the status the issue had — its last mapped one, so a column named "Doing" or "QA"
 * does not turn an issue back to TODO.
 */
export function statusInColumn(columnName: string | null | undefined, current: IssueStatus): IssueStatus {
  return mappedStatus(columnName) ?? current;
}

// A column's own rules, the browser's too: kept here, free of zod, so the board's
// forms check what the schemas in boards.ts enforce without shipping them.
/** A column's name: 1 to this many characters, trimmed. */
export const COLUMN_NAME_MAX_LENGTH = 100;
/** A column's work-in-progress limit: a whole number from 1 to this, or none (null). */
export const WIP_LIMIT_MAX = 999;
