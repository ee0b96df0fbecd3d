import type { IssueEditBase, IssueFieldChanges } from '@trackboard/contracts';

/** What an edit came to (the store's answer): saved, refused by a newer version (409), or failed. */
export type EditOutcome = 'saved' | 'conflict' | 'failed';

/**
 * Where an edit began: the issue's version then, and the fields it changes as they were. The
 * server refuses it (409) only when one of those fields has changed since.
 */
export type EditStart = { version: number; base: IssueEditBase };

/** A change from the dialog; without `startedFrom` it began from the copy shown now (a picker's choice). */
export type UpdateIssue = (changes: IssueFieldChanges, startedFrom?: EditStart) => Promise<EditOutcome>;

export type { IssueFieldChanges } from '@trackboard/contracts';
