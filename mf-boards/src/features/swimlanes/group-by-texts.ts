import type { LaneField } from './group-by-param';

/** The grouping control's words: the cold board draws it, so only these few (the lanes' are in swimlane-texts). */
export const groupByTexts = {
  group: 'Group',
  none: 'None',
  fields: { assignee: 'Assignee', priority: 'Priority', label: 'Label' } satisfies Record<LaneField, string>,
  loadingLanes: 'Loading lanes...',
};
