import type { BoardUser, IssueDto, LabelDto } from '@trackboard/contracts';
import { currentLanguage } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import type { GroupField, ListSort, SortField } from './list-params';
import { listTexts } from './list-texts';

// The list's rows as pure functions of the board: its issues in the board's order, sorted, grouped,
// and laid out as one flat list of group headers and rows for the virtualiser.

/** What the list reads of the board besides its issues. */
export interface ListContext {
  /** The board's columns, in order: an issue's status is its column. */
  columns: readonly { id: string; name: string }[];
  users: readonly BoardUser[];
  /** The board's labels, in the board's order. */
  labels: readonly LabelDto[];
  /** Every issue of the board, shown or not, by id: a parent's key and title. */
  issuesById: ReadonlyMap<string, IssueDto>;
}

export interface IssueGroup {
  key: string;
  title: string;
  issues: IssueDto[];
}

export type ListItem =
  | { kind: 'group'; key: string; group: IssueGroup; expanded: boolean }
  | { kind: 'issue'; key: string; issue: IssueDto };

/** The board's issues in its order: column by column, each in rank order. */
export const boardOrder = (columns: readonly { issues: IssueDto[] }[]): IssueDto[] =>
  columns.flatMap((column) => column.issues);

// Names sort as the page's language sorts them; a collator is costly to make, so one per language.
const collators = new Map<string, Intl.Collator>();
function collator(): Intl.Collator {
  const language = currentLanguage();
  let made = collators.get(language);
  if (!made) {
    made = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, made);
  }
  return made;
}
const priorityRank: Record<IssueDto['priority'], number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

/** An assignee's name as the board knows them ('' when none). */
export const assigneeName = (issue: IssueDto, usersById: ReadonlyMap<string, BoardUser>) =>
  (issue.assigneeId ? (usersById.get(issue.assigneeId)?.name ?? issue.owner) : issue.owner) || '';

/** The board's labels an issue carries, in the board's order (ids the board no longer has are skipped). */
export const labelsOf = (issue: IssueDto, labelsById: ReadonlyMap<string, LabelDto>) =>
  issue.labelIds.flatMap((id) => {
    const label = labelsById.get(id);
    return label ? [label] : [];
  });

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));

/**
 * Strings as numbers that sort as the collator sorts them: each distinct string is compared once
 * here, so the sort itself compares numbers only. NaN: no value.
 */
function rankStrings(values: (string | null)[]): Float64Array {
  const distinct = [...new Set(values.filter((value): value is string => value !== null))].sort(collator().compare);
  const rank = new Map(distinct.map((value, index) => [value, index]));
  return Float64Array.from(values, (value) => (value === null ? NaN : rank.get(value)!));
}

const orNaN = (value: number | null | undefined) => (value === null || value === undefined ? NaN : value);

/** Each issue's sort key for `field`, computed once per sort (NaN: no value, last either way). */
export function sortKeys(issues: readonly IssueDto[], field: SortField, context: ListContext): Float64Array {
  switch (field) {
    case 'key':
      return Float64Array.from(issues, (issue) => issue.number);
    case 'title':
      return rankStrings(issues.map((issue) => issue.title));
    case 'status': {
      const index = new Map(context.columns.map((column, i) => [column.id, i]));
      return Float64Array.from(issues, (issue) => orNaN(index.get(issue.columnId ?? '')));
    }
    case 'assignee': {
      const users = byId(context.users);
      return rankStrings(issues.map((issue) => assigneeName(issue, users) || null));
    }
    case 'labels': {
      const labels = byId(context.labels);
      return rankStrings(
        issues.map(
          (issue) =>
            labelsOf(issue, labels)
              .map((label) => label.name)
              .join(', ') || null,
        ),
      );
    }
    case 'priority':
      return Float64Array.from(issues, (issue) => orNaN(priorityRank[issue.priority]));
    case 'type':
      return rankStrings(issues.map((issue) => uiMessages.typeNames[issue.type] ?? issue.type));
    case 'estimate':
      return Float64Array.from(issues, (issue) => orNaN(issue.estimate));
    case 'due':
      return Float64Array.from(issues, (issue) => (issue.dueDate ? Date.parse(issue.dueDate) : NaN));
    case 'updated':
      return Float64Array.from(issues, (issue) => Date.parse(issue.updatedAt));
  }
}

/**
 * The issues in `sort`'s order; ties, and no sort at all, keep the order given (the board's). An
 * issue without a value (no assignee, no due date) comes last in both directions.
 */
export function sortIssues(issues: IssueDto[], sort: ListSort | null, context: ListContext): IssueDto[] {
  if (!sort) return issues;
  const keys = sortKeys(issues, sort.field, context);
  const sign = sort.descending ? -1 : 1;
  const order = Array.from(issues, (_, index) => index);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    const noA = Number.isNaN(ka);
    const noB = Number.isNaN(kb);
    if (noA || noB) return noA === noB ? a - b : noA ? 1 : -1;
    return ka === kb ? a - b : (ka - kb) * sign;
  });
  return order.map((index) => issues[index]!);
}

interface Bucket extends IssueGroup {
  /** Groups are ordered by `rank`, then by title; the "none" group is last. */
  rank: number;
  none: boolean;
}

/**
 * The sorted issues in groups, each keeping the sort's order. An issue with several labels is in
 * each of its labels' groups. Groups with no issue are left out; "Unassigned", "No label" and "No
 * parent" come last.
 */
export function groupIssues(sorted: readonly IssueDto[], group: GroupField, context: ListContext): IssueGroup[] {
  const buckets = new Map<string, Bucket>();
  const add = (key: string, issue: IssueDto, describe: () => Omit<Bucket, 'key' | 'issues'>) => {
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { key, issues: [], ...describe() };
      buckets.set(key, bucket);
    }
    bucket.issues.push(issue);
  };
  const none = (title: string) => () => ({ title, rank: 0, none: true });

  switch (group) {
    case 'status': {
      const index = new Map(context.columns.map((column, i) => [column.id, i]));
      for (const issue of sorted) {
        const at = index.get(issue.columnId ?? '') ?? context.columns.length;
        add(`status:${issue.columnId}`, issue, () => ({
          title: context.columns[at]?.name ?? '',
          rank: at,
          none: false,
        }));
      }
      break;
    }
    case 'assignee': {
      const users = byId(context.users);
      for (const issue of sorted) {
        const name = assigneeName(issue, users);
        if (!name) add('assignee:', issue, none(listTexts.unassigned));
        else add(`assignee:${issue.assigneeId ?? name}`, issue, () => ({ title: name, rank: 0, none: false }));
      }
      break;
    }
    case 'priority':
      // The most urgent first.
      for (const issue of sorted)
        add(`priority:${issue.priority}`, issue, () => ({
          title: uiMessages.priorityNames[issue.priority] ?? issue.priority,
          rank: -(priorityRank[issue.priority] ?? 0),
          none: false,
        }));
      break;
    case 'label': {
      const index = new Map(context.labels.map((label, i) => [label.id, i]));
      const labels = byId(context.labels);
      for (const issue of sorted) {
        const carried = labelsOf(issue, labels);
        if (carried.length === 0) add('label:', issue, none(listTexts.noLabel));
        for (const label of carried)
          add(`label:${label.id}`, issue, () => ({ title: label.name, rank: index.get(label.id)!, none: false }));
      }
      break;
    }
    case 'parent':
      for (const issue of sorted) {
        if (!issue.parentId) {
          add('parent:', issue, none(listTexts.noParent));
          continue;
        }
        const parentId = issue.parentId;
        add(`parent:${parentId}`, issue, () => {
          const parent = context.issuesById.get(parentId);
          return parent
            ? { title: `${parent.key} ${parent.title}`, rank: parent.number, none: false }
            : { title: listTexts.otherParent(parentId), rank: Number.MAX_SAFE_INTEGER, none: false };
        });
      }
      break;
  }

  return [...buckets.values()]
    .sort((a, b) => Number(a.none) - Number(b.none) || a.rank - b.rank || collator().compare(a.title, b.title))
    .map(({ key, title, issues }) => ({ key, title, issues }));
}

/** Group headers and rows as one list (a collapsed group's rows left out); without groups, the rows. */
export function listItems(
  sorted: readonly IssueDto[],
  groups: readonly IssueGroup[] | null,
  collapsed: ReadonlySet<string>,
): ListItem[] {
  if (!groups) return sorted.map((issue) => ({ kind: 'issue', key: issue.id, issue }));
  const items: ListItem[] = [];
  for (const group of groups) {
    const expanded = !collapsed.has(group.key);
    items.push({ kind: 'group', key: group.key, group, expanded });
    if (expanded)
      for (const issue of group.issues) items.push({ kind: 'issue', key: `${group.key}/${issue.id}`, issue });
  }
  return items;
}
