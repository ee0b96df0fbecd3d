import type { IssueStatus, RelationType } from '@trackboard/contracts';

/** What an issue's links say: the dialog's sub-issues, parent and relations. */
export const linkTexts = {
  subIssuesHeading: 'Sub-issues',
  loadingSubIssues: 'Loading sub-issues...',
  subIssuesLoadFailed: 'Sub-issues could not be loaded.',
  noSubIssues: 'No sub-issues yet.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  addSubIssue: 'Add sub-issue',
  subIssueTitle: 'Sub-issue title',
  createFailed: 'the server did not take it',
  parent: 'Parent',
  noParent: 'No parent',
  setParent: 'Set parent',
  changeParent: 'Change parent',
  removeParent: 'Remove parent',
  parentKey: 'Parent issue key',
  parentKeyPlaceholder: 'e.g. WEB-12',
  parentNotFound: 'No issue you can see has this key',
  save: 'Save',
  cancel: 'Cancel',
  retry: 'Retry',
  relationsHeading: 'Relations',
  loadingRelations: 'Loading relations...',
  relationsLoadFailed: 'Relations could not be loaded.',
  noRelations: 'No relations yet.',
  addRelation: 'Add relation',
  relationType: 'Relation type',
  closeDuplicate: 'Close this issue',
  relatedKey: 'Issue key',
  remove: 'Remove',
  removeRelation: (heading: string, key: string) => `Remove “${heading}” ${key}`,
  hidden: (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'} you don't have access to`,
  failedReason: 'the server did not take it',
  parentOf: 'Parent issue',
};

/** A relation type's heading, as the issue seen reads it. */
export const relationHeadings: Record<RelationType, string> = {
  blocks: 'Blocks',
  blocked_by: 'Blocked by',
  relates: 'Relates to',
  duplicates: 'Duplicates',
  duplicated_by: 'Duplicated by',
};

export const statusNames: Record<IssueStatus, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
  BACKLOG: 'Backlog',
  CLOSED: 'Closed',
};

/**
 * The server's refusal as a sentence: its field prefix ("issueKey: …") names the request's field,
 * which the form beside the message already shows.
 */
export function readableReason(reason: string): string {
  const text = reason.replace(/^[A-Za-z]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
