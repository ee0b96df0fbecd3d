import { parse } from 'csv-parse/sync';
import {
  defaultColumns,
  issuePriorities,
  issueStatuses,
  issueTypes,
  labelColors,
  mappedStatus,
  messages,
  normaliseLineBreaks,
  truncateText,
  type IssueStatus,
} from '@trackboard/contracts';
import {
  ImportFailure,
  calendarDate,
  checkIssueCount,
  checkIssueText,
  checkText,
  emptyIssue,
  failAt,
  type ImportPlan,
  type PlannedIssue,
} from './import-plan';
import { fromSpreadsheetSafe } from './spreadsheet-cells';

// A CSV of issues: columns found by their header's name, case and spaces aside (our
// own CSV export's names, and a few common others); unknown columns are ignored. The header is
// line 1, so the first issue is line 2; a quoted value spanning lines counts its own lines.

const headerNames: Record<string, keyof Row> = {
  key: 'key',
  title: 'title',
  summary: 'title',
  status: 'status',
  column: 'column',
  assignee: 'assignee',
  labels: 'labels',
  label: 'labels',
  priority: 'priority',
  type: 'type',
  'due date': 'dueDate',
  due: 'dueDate',
  description: 'description',
  created: 'created',
  updated: 'updated',
};
type Row = {
  key: string;
  title: string;
  status: string;
  column: string;
  assignee: string;
  labels: string;
  priority: string;
  type: string;
  dueDate: string;
  description: string;
  created: string;
  updated: string;
};
const fieldNames: Record<keyof Row, string> = {
  key: 'Key',
  title: 'Title',
  status: 'Status',
  column: 'Column',
  assignee: 'Assignee',
  labels: 'Labels',
  priority: 'Priority',
  type: 'Type',
  dueDate: 'Due date',
  description: 'Description',
  created: 'Created',
  updated: 'Updated',
};

/** `In Progress`, `IN_PROGRESS`, `in progress` → IN_PROGRESS. */
function statusOf(text: string): IssueStatus | null {
  const name = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return (issueStatuses as readonly string[]).includes(name) ? (name as IssueStatus) : mappedStatus(text);
}
const columnForStatus: Record<IssueStatus, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
  BACKLOG: 'Backlog',
  CLOSED: 'Closed',
};
const oneOf = <T extends string>(values: readonly T[], text: string): T | null => {
  const upper = text.trim().toUpperCase() as T;
  return values.includes(upper) ? upper : null;
};
const timestamp = (text: string) => {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

export function readCsv(text: string, boardName: string): ImportPlan {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch (error) {
    const { lines } = error as { lines?: number };
    throw new ImportFailure({
      ...(lines !== undefined && { line: lines }),
      message: `${lines !== undefined ? `line ${lines}: ` : ''}${(error as Error).message}`,
    });
  }
  const [header, ...rows] = records;
  if (!header) throw new ImportFailure({ message: messages.importEmpty });
  const columnOf = new Map<keyof Row, number>();
  header.record.forEach((name, index) => {
    const field = headerNames[name.trim().toLowerCase().replace(/\s+/g, ' ')];
    if (field && !columnOf.has(field)) columnOf.set(field, index);
  });
  if (!columnOf.has('title')) failAt({ line: 1, field: 'header' }, messages.importNoTitleColumn);
  if (rows.length === 0) throw new ImportFailure({ message: messages.importEmpty });
  checkIssueCount(rows.length);

  const columns = new Map<string, PlannedIssue[]>();
  // Without a Column field the issues go to the columns their statuses name, after a new board's own.
  if (!columnOf.has('column')) for (const name of defaultColumns) columns.set(name, []);
  const labels = new Map<string, string>();
  const members = new Set<string>();
  const inFileOrder: PlannedIssue[] = [];

  for (const { record, info } of rows) {
    const line = info.lines;
    const at = (field: keyof Row) => ({ line, field: fieldNames[field] });
    const value = (field: keyof Row) => {
      // Our own export's `'` before a formula-like cell is taken away again.
      const text = fromSpreadsheetSafe(normaliseLineBreaks(record[columnOf.get(field) ?? -1] ?? '').trim());
      checkText(at(field), text, field === 'description' ? 'lines' : 'line');
      return text;
    };
    const issue = emptyIssue(value('title'));
    issue.description = value('description');
    checkIssueText(issue, at);
    if (value('status'))
      issue.status = statusOf(value('status')) ?? failAt(at('status'), `must be one of ${issueStatuses.join(', ')}`);
    if (value('priority'))
      issue.priority =
        oneOf(issuePriorities, value('priority')) ??
        failAt(at('priority'), `must be one of ${issuePriorities.join(', ')}`);
    if (value('type'))
      issue.type = oneOf(issueTypes, value('type')) ?? failAt(at('type'), `must be one of ${issueTypes.join(', ')}`);
    if (value('dueDate'))
      issue.dueDate =
        calendarDate(value('dueDate').slice(0, 10)) ?? failAt(at('dueDate'), 'must be a date (YYYY-MM-DD)');
    if (value('assignee')) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value('assignee'))) failAt(at('assignee'), 'must be an e-mail address');
      issue.assignee = value('assignee').toLowerCase();
      members.add(issue.assignee);
    }
    if (value('key')) {
      const match = /^[A-Za-z0-9]{1,10}-([1-9][0-9]{0,8})$/.exec(value('key'));
      if (!match) failAt(at('key'), 'must be a project key and a number, like WEB-12');
      issue.number = Number(match![1]);
    }
    for (const [field, target] of [
      ['created', 'createdAt'],
      ['updated', 'updatedAt'],
    ] as const)
      if (value(field)) issue[target] = timestamp(value(field)) ?? failAt(at(field), 'must be a date and time');
    issue.labels = value('labels')
      .split(/[,;]/)
      .map((l) => l.trim())
      .filter(Boolean);
    for (const name of issue.labels) {
      if (name.length > 50) failAt(at('labels'), `"${truncateText(name, 20)}…" is longer than 50 characters`);
      if (!labels.has(name.toLowerCase())) labels.set(name.toLowerCase(), name);
    }
    if (issue.labels.length > 20) failAt(at('labels'), 'has more than 20 labels');
    const columnName = value('column') || columnForStatus[issue.status ?? 'TODO'];
    if (columnName.length > 100) failAt(at('column'), 'is longer than 100 characters');
    const list = columns.get(columnName) ?? [];
    if (!columns.has(columnName)) {
      if (columns.size >= 20) failAt(at('column'), 'a board holds at most 20 columns');
      columns.set(columnName, list);
    }
    list.push(issue);
    inFileOrder.push(issue);
  }
  // Numbers are kept only when every issue has its own; otherwise they are handed out in file order.
  if (
    new Set(inFileOrder.map((i) => i.number)).size !== inFileOrder.length ||
    inFileOrder.some((i) => i.number === null)
  )
    inFileOrder.forEach((issue, index) => (issue.number = index + 1));
  return {
    description: '',
    members: [...members],
    boards: [
      {
        name: boardName,
        labels: [...labels.values()].map((name, i) => ({ name, color: labelColors[i % labelColors.length]! })),
        columns: [...columns].map(([name, issues]) => ({ name, wipLimit: null, issues })),
      },
    ],
  };
}
