/** What an edit came to (the store's answer): saved, refused by a newer version (409), or failed. */
export type EditOutcome = 'saved' | 'conflict' | 'failed';

export type { IssueFieldChanges } from '@trackboard/contracts';
