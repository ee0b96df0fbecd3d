export { IssueDialog, type IssueDialogProps } from './issue-dialog';
export type { EditOutcome, IssueFieldChanges } from './types';
