import type { AssignedIssueDto } from '@trackboard/contracts';

// How the shell's issue lists (dashboard, My Issues, search results) name an issue's status,
// priority and type: as the board names them.

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

export const priorityNames: Record<AssignedIssueDto['priority'], string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  CRITICAL: 'Critical',
};

export const typeNames: Record<AssignedIssueDto['type'], string> = {
  TASK: 'Task',
  BUG: 'Bug',
  STORY: 'Story',
  EPIC: 'Epic',
};
