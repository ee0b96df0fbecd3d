export { IssueDialog, deleteIssueConfirmation, type IssueDialogProps } from './issue-dialog';
export type { EditOutcome, IssueFieldChanges } from './types';
