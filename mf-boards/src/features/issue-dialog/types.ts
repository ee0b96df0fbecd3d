/** What an edit came to (the store's answer): saved, refused by a newer version (409), or failed. */
export type EditOutcome = 'saved' | 'conflict' | 'failed';

/** The issue fields the dialog edits (spec §2.12). */
export interface IssueFieldChanges {
  title?: string;
  description?: string;
  owner?: string;
  relatedCode?: string;
  links?: string[];
  instructions?: string;
  columnId?: string;
}
