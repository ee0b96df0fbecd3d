import type { IssueDto } from '@trackboard/contracts';

// How an issue's type and priority read on the card and in the dialog.

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
