import type { IssueDto, IssueEditBase, IssueFieldChanges } from '@trackboard/contracts';

/** The fields an edit's start records (contracts' IssueEditBase), by their IssueDto names. */
export const editFields = [
  'title',
  'description',
  'relatedCode',
  'instructions',
  'links',
  'assigneeId',
  'labelIds',
  'dueDate',
  'estimate',
  'cycleId',
  'columnId',
  'type',
  'priority',
] as const satisfies readonly (keyof IssueEditBase & keyof IssueDto)[];
export type EditField = (typeof editFields)[number];

/**
 * Where an edit began: the issue's version then, and the fields it changes as they were. The
 * server refuses it (409) only when one of those fields has changed since.
 */
export type EditStart = { version: number; base: IssueEditBase };

/** Whether `changes` sets `field` (an owner given by name sets the assignee). */
const sets = (changes: IssueFieldChanges, field: EditField) =>
  field in changes || (field === 'assigneeId' && 'owner' in changes);

/** An edit that begins from `issue` as it is shown: its version, and the fields `changes` sets. */
export function editStartOf(issue: IssueDto, changes: IssueFieldChanges): EditStart {
  const base = Object.fromEntries(editFields.filter((field) => sets(changes, field)).map((f) => [f, issue[f]]));
  return { version: issue.version, base };
}

/** The fields whose values differ between two copies of an issue. */
export const changedEditFields = (before: IssueDto, after: IssueDto): EditField[] =>
  editFields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
