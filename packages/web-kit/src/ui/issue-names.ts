import type { IssueDto } from '@trackboard/contracts';

// How an issue's status, type and priority read wherever the app shows one: the board's cards and
// dialog, and the shell's lists (dashboard, My Issues, search, the palette).

// A status reads as the column it comes from; an unknown one is spelled out.
const columnNames: Record<string, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
  BACKLOG: 'Backlog',
  CLOSED: 'Closed',
};
export const statusLabel = (status: string) =>
  columnNames[status] ??
  status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');

export const typeNames: Record<IssueDto['type'], string> = {
  TASK: 'Task',
  BUG: 'Bug',
  STORY: 'Story',
  EPIC: 'Epic',
};

export const priorityNames: Record<IssueDto['priority'], string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  CRITICAL: 'Critical',
};
