import type { BoardUser, IssueDto, IssueFieldChanges, LabelDto } from '@trackboard/contracts';
import type { BoardColumn } from '../../shared/board-store/board-model';
import type { LaneField } from './group-by-param';
import { uiMessages } from '../../ui-messages';
import { swimlaneTexts } from './swimlane-texts';

// The board in lanes, without React or the network: which lanes the shown issues make, what a
// lane's row holds, and what a card dropped into another lane changes.

/** The lane of the issues without a value: "Unassigned", "No label". */
export const NO_VALUE = '';

export interface Lane {
  /** An assignee's or label's id, a priority, or NO_VALUE. */
  key: string;
  title: string;
  /** The shown issues in it (an issue counts once per lane, however many columns). */
  count: number;
  /** The board's columns, each with this lane's shown issues in their usual order. */
  cells: BoardColumn[];
}

export interface LaneContext {
  users: readonly BoardUser[];
  labels: readonly LabelDto[];
}

// The most urgent first, as the list's priority groups.
const priorityOrder: IssueDto['priority'][] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

/**
 * The lanes an issue is in. An issue with several labels is in each of its labels' lanes; labels
 * the board no longer has are skipped (none left: "No label").
 */
export function laneKeysOf(issue: IssueDto, field: LaneField, known: ReadonlySet<string>): string[] {
  switch (field) {
    case 'assignee':
      return [issue.assigneeId ?? NO_VALUE];
    case 'priority':
      return [issue.priority];
    case 'label': {
      const carried = issue.labelIds.filter((id) => known.has(id));
      return carried.length ? carried : [NO_VALUE];
    }
  }
}

/** A lane's title: the assignee's name, the priority or the label's name, or what stands for none. */
function laneTitle(field: LaneField, key: string, context: LaneContext, sample: IssueDto | undefined): string {
  if (field === 'priority') return uiMessages.priorityNames[key as IssueDto['priority']] ?? key;
  if (field === 'label')
    return key === NO_VALUE ? swimlaneTexts.noLabel : (context.labels.find((l) => l.id === key)?.name ?? key);
  if (key === NO_VALUE) return swimlaneTexts.unassigned;
  // Someone no longer on the board: the name the issue kept, if any.
  return context.users.find((user) => user.id === key)?.name ?? (sample?.owner || swimlaneTexts.formerMember);
}

/** Every value a lane can stand for: the board's people, the priorities, the board's labels, and none. */
function everyKey(field: LaneField, context: LaneContext): string[] {
  if (field === 'priority') return priorityOrder;
  if (field === 'label') return [...context.labels.map((label) => label.id), NO_VALUE];
  return [...context.users.map((user) => user.id), NO_VALUE];
}

/**
 * The lanes, each with every column (the lane's issues in the column's order). While a filter
 * hides cards only the lanes of the shown issues are drawn, so the filter narrows the lanes as it
 * narrows the cards; otherwise every value has its lane, empty ones too, so a card can be dragged
 * to someone (or a priority, a label) no card has yet.
 * Order: assignees by name, priorities the most urgent first, labels in the board's order;
 * "Unassigned" and "No label" last.
 */
export function buildLanes(
  columns: readonly BoardColumn[],
  field: LaneField,
  context: LaneContext,
  { everyValue }: { everyValue: boolean },
): Lane[] {
  const known = new Set(context.labels.map((label) => label.id));
  const byLane = new Map<string, { sample: IssueDto | undefined; ids: Set<string> }>(
    everyValue ? everyKey(field, context).map((key) => [key, { sample: undefined, ids: new Set<string>() }]) : [],
  );
  for (const column of columns)
    for (const issue of column.issues)
      for (const key of laneKeysOf(issue, field, known)) {
        const lane = byLane.get(key) ?? { sample: issue, ids: new Set<string>() };
        lane.sample ??= issue;
        lane.ids.add(issue.id);
        byLane.set(key, lane);
      }
  const lanes = [...byLane].map(([key, { sample, ids }]) => ({
    key,
    title: laneTitle(field, key, context, sample),
    count: ids.size,
    cells: columns.map((column) => ({ ...column, issues: column.issues.filter((issue) => ids.has(issue.id)) })),
  }));
  const labelIndex = new Map(context.labels.map((label, index) => [label.id, index]));
  const rank = (lane: Lane) =>
    field === 'priority'
      ? priorityOrder.indexOf(lane.key as IssueDto['priority'])
      : field === 'label'
        ? (labelIndex.get(lane.key) ?? 0)
        : 0;
  return lanes.sort(
    (a, b) =>
      Number(a.key === NO_VALUE) - Number(b.key === NO_VALUE) ||
      rank(a) - rank(b) ||
      a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }),
  );
}

/**
 * What a card dropped from lane `from` into lane `to` changes: the assignee (none: unassigned), the
 * priority, or for labels lane A's label taken off and lane B's put on (into "No label": every
 * label off, or the card would still show in its other labels' lanes). Null within one lane.
 */
export function laneChange(issue: IssueDto, field: LaneField, from: string, to: string): IssueFieldChanges | null {
  if (from === to) return null;
  switch (field) {
    case 'assignee':
      return { assigneeId: to === NO_VALUE ? null : to };
    case 'priority':
      return { priority: to as IssueDto['priority'] };
    case 'label': {
      if (to === NO_VALUE) return issue.labelIds.length ? { labelIds: [] } : null;
      const kept = issue.labelIds.filter((id) => id !== from && id !== to);
      return { labelIds: [...kept, to] };
    }
  }
}

/**
 * A cell of the lanes (a lane's part of a column) as one id: the board's card parts carry a column
 * id through a drag, a drop and the focus, and this one says the lane too (a card with two labels
 * is in two lanes).
 */
export const cellId = (laneKey: string, columnId: string) => JSON.stringify([laneKey, columnId]);

export function cellOf(id: string): { laneKey: string; columnId: string } | null {
  try {
    const parsed: unknown = JSON.parse(id);
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string'))
      return { laneKey: parsed[0] as string, columnId: parsed[1] as string };
  } catch {
    // Not a cell's id: a drag from somewhere else.
  }
  return null;
}
