// Spec §4.6: the column name decides an issue's status whenever it moves (drag or dropdown).
export const issueStatuses = ['TODO', 'IN_PROGRESS', 'DONE', 'BACKLOG', 'CLOSED'] as const;
export type IssueStatus = (typeof issueStatuses)[number];

const byColumnName: Record<string, IssueStatus> = {
  'TO DO': 'TODO',
  TODO: 'TODO',
  'IN PROGRESS': 'IN_PROGRESS',
  DONE: 'DONE',
  BACKLOG: 'BACKLOG',
  CLOSED: 'CLOSED',
};

export function statusForColumn(columnName: string | null | undefined): IssueStatus {
  return byColumnName[(columnName ?? '').trim().toUpperCase()] ?? 'TODO';
}
