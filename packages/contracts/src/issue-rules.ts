// An issue's fixed choices, which the browser needs too: kept free of zod (like rules.ts), so the
// issue dialog importing them does not pull boards.ts's schemas, and zod with them, into its chunk.

export const reactionTypes = ['thumbsup', 'heart'] as const;
export type ReactionType = (typeof reactionTypes)[number];
export const issueTypes = ['TASK', 'BUG', 'STORY', 'EPIC'] as const;
export const issuePriorities = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
/** An issue key's number has at most nine digits (WEB-999999999): the last number handed out. */
export const ISSUE_NUMBER_MAX = 999_999_999;
/** How many issues one bulk edit may change: a screenful of selections, and one short transaction. */
export const BULK_EDIT_MAX_ISSUES = 500;

/** The fixed palette a label's colour comes from (the browser maps each name to theme colours). */
export const labelColors = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
  'gray',
] as const;
export type LabelColor = (typeof labelColors)[number];
