import { parse } from 'csv-parse/sync';
import {
  COMMENT_BODY_MAX_LENGTH,
  ISSUE_TEXT_MAX_LENGTH,
  defaultColumns,
  labelColors,
  messages,
  normaliseLineBreaks,
  truncateText,
  type IssueStatus,
} from '@trackboard/contracts';
import { dayOf, instantOf, priorityOf, statusCategoryOf, statusOf, typeOf } from './csv-values';
import {
  ImportFailure,
  checkIssueCount,
  checkIssueText,
  checkText,
  countOf,
  emptyIssue,
  failAt,
  type ImportPlan,
  type PlannedComment,
  type PlannedIssue,
  type Place,
} from './import-plan';
import type { ImportProblems } from './import-problems';
import { fromSpreadsheetSafe } from './spreadsheet-cells';

// A CSV of issues: our own export, or another tracker's (Jira Server and Cloud, Linear, Plane).
// Columns are found by their header's name, case and spaces aside; other columns are listed in
// the summary as not read. The whole file is read and every problem reported at once
// (import-problems.ts); a value the import does not know becomes a warning and a default. Line
// numbers are where a record starts (the header is line 1), however many lines its cells span.

type Field =
  | 'key'
  | 'title'
  | 'status'
  | 'statusCategory'
  | 'column'
  | 'assignee'
  | 'labels'
  | 'priority'
  | 'type'
  | 'dueDate'
  | 'description'
  | 'created'
  | 'updated'
  | 'comment';

const headerNames: Record<string, Field> = {
  key: 'key',
  'issue key': 'key',
  id: 'key',
  title: 'title',
  summary: 'title',
  name: 'title',
  status: 'status',
  state: 'status',
  'status category': 'statusCategory',
  column: 'column',
  assignee: 'assignee',
  assignees: 'assignee',
  labels: 'labels',
  label: 'labels',
  priority: 'priority',
  type: 'type',
  'issue type': 'type',
  'due date': 'dueDate',
  due: 'dueDate',
  'target date': 'dueDate',
  description: 'description',
  created: 'created',
  'created at': 'created',
  updated: 'updated',
  'updated at': 'updated',
  comment: 'comment',
  comments: 'comment',
};
/** Fields a file may give in several columns: Jira writes one Labels column per label, one Comment column per comment. */
const repeatable = new Set<Field>(['labels', 'comment']);
/** Fields whose cells may span lines (the description is checked with the issue). */
const multiLine = new Set<Field>(['comment']);

/** The tracker a header comes from, named in the reference line its issues' old keys are kept in. */
function sourceOf(names: Set<string>): string | null {
  if (names.has('issue key') || names.has('issue type')) return 'Jira';
  if (names.has('name') && names.has('state')) return 'Plane';
  if (names.has('team') && names.has('title')) return 'Linear';
  return null;
}

const columnForStatus: Record<IssueStatus, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
  BACKLOG: 'Backlog',
  CLOSED: 'Closed',
};
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Jira's comment cell: `20/Nov/24 3:15 PM;jsmith;The text` (the author is a user name, or an account id on Cloud). */
const jiraComment = /^([^;\n]+);([^;\n]*);([\s\S]*)$/;

type ParsedRecord = { record: string[]; raw: string };
const headerKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

function parseRecords(text: string): { cells: string[]; line: number }[] {
  let records: ParsedRecord[];
  try {
    records = parse(text, { bom: true, raw: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch (error) {
    const { lines } = error as { lines?: number };
    throw new ImportFailure({
      ...(lines !== undefined && { line: lines }),
      message: `${lines !== undefined ? `line ${lines}: ` : ''}${(error as Error).message}`,
    });
  }
  // With LF line breaks only, the records' raw texts are the file: a record starts one line past
  // the breaks before it, past any empty lines it skipped.
  let breaks = 0;
  return records.map(({ record, raw }) => {
    const line = breaks + 1 + /^\n*/.exec(raw)![0].length;
    breaks += raw.split('\n').length - 1;
    return { cells: record, line };
  });
}

/** Reads a CSV into a plan, noting every problem and warning in `problems`. */
export function readCsv(text: string, boardName: string, problems: ImportProblems): ImportPlan {
  const [header, ...records] = parseRecords(normaliseLineBreaks(text));
  if (!header) throw new ImportFailure({ message: messages.importEmpty });
  const columnsOf = new Map<Field, { index: number; name: string }[]>();
  const notRead = new Set<string>();
  header.cells.forEach((name, index) => {
    const field = headerNames[headerKey(name)];
    const found = field && columnsOf.get(field);
    if (field && (!found || repeatable.has(field)))
      columnsOf.set(field, [...(found ?? []), { index, name: name.trim() }]);
    else if (!field && name.trim()) notRead.add(name.trim());
  });
  if (!columnsOf.has('title')) failAt({ line: 1, field: 'header' }, messages.importNoTitleColumn);
  const source = sourceOf(new Set(header.cells.map(headerKey)));
  const rows = records.filter(({ cells }) => cells.some((cell) => cell.trim()));
  if (rows.length === 0) throw new ImportFailure({ message: messages.importEmpty });
  checkIssueCount(rows.length);

  const columns = new Map<string, PlannedIssue[]>();
  // Without a Column field the issues go to the columns their statuses name, after a new board's own.
  if (!columnsOf.has('column')) for (const name of defaultColumns) columns.set(name, []);
  const labels = new Map<string, string>();
  const members = new Set<string>();
  const inFileOrder: PlannedIssue[] = [];
  let extraAssignees = 0;

  for (const { cells, line } of rows) {
    const at = (field: Field): Place => ({ line, field: columnsOf.get(field)?.[0]?.name ?? field });
    /** Each cell of a field (several for a repeated column), checked for what the API refuses in text. */
    const valuesOf = (field: Field): string[] =>
      (columnsOf.get(field) ?? []).flatMap(({ index, name }) => {
        // Our own export's `'` before a formula-like cell is taken away again.
        const text = fromSpreadsheetSafe((cells[index] ?? '').trim());
        // The title and description are checked with the issue's other rules (checkIssueText).
        const fine =
          field === 'title' ||
          field === 'description' ||
          problems.check(() => {
            checkText({ line, field: name }, text, multiLine.has(field) ? 'lines' : 'line');
            return true;
          });
        return text && fine ? [text] : [];
      });
    const value = (field: Field) => valuesOf(field)[0] ?? '';

    const issue = emptyIssue(value('title'));
    issue.description = value('description');
    const oldKey = value('key');
    const keyMatch = /^[A-Za-z0-9]{1,10}-([1-9][0-9]{0,8})$/.exec(oldKey);
    if (keyMatch) issue.number = Number(keyMatch[1]);
    else if (oldKey && source === null)
      problems.warn(at('key'), `"${truncateText(oldKey, 20)}" is not a key like WEB-12`, 'the issue gets a new number');
    // Another tracker's key stays findable in the description, the only place it fits.
    const reference = source && oldKey ? `Imported from ${source} ${oldKey}.` : '';
    if (reference && issue.description.length + reference.length + 2 <= ISSUE_TEXT_MAX_LENGTH)
      issue.description = issue.description ? `${issue.description}\n\n${reference}` : reference;
    problems.check(() => checkIssueText(issue, (field) => at(field)));

    readStatus(issue, value('statusCategory'), value('status'), at('status'), problems);
    const priority = value('priority');
    if (priority) {
      const read = priorityOf(priority);
      if (!read)
        problems.warn(at('priority'), `"${truncateText(priority, 30)}" is not a priority here`, 'taken as MEDIUM');
      else if (!read.exact) problems.warn(at('priority'), `"${truncateText(priority, 30)}" taken as ${read.value}`);
      issue.priority = read?.value ?? 'MEDIUM';
    }
    const type = value('type');
    if (type) {
      const read = typeOf(type);
      if (!read) problems.warn(at('type'), `"${truncateText(type, 30)}" is not an issue type here`, 'taken as TASK');
      else if (!read.exact) problems.warn(at('type'), `"${truncateText(type, 30)}" taken as ${read.value}`);
      issue.type = read?.value ?? 'TASK';
    }
    const due = value('dueDate');
    if (due) {
      issue.dueDate = dayOf(due);
      if (!issue.dueDate) problems.warn(at('dueDate'), `"${truncateText(due, 30)}" is not a date`, 'left empty');
    }
    for (const [field, target] of [
      ['created', 'createdAt'],
      ['updated', 'updatedAt'],
    ] as const) {
      const text = value(field);
      if (!text) continue;
      issue[target] = instantOf(text);
      if (!issue[target])
        problems.warn(at(field), `"${truncateText(text, 30)}" is not a date and time`, 'the import’s time is used');
    }

    const [assignee, ...others] = value('assignee')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    extraAssignees += others.length;
    if (assignee) {
      // An e-mail, or a display name (Jira, Linear and Plane export names): either is offered when it is someone's here.
      issue.assignee = emailPattern.test(assignee) ? assignee.toLowerCase() : assignee;
      if (issue.assignee.includes('@')) members.add(issue.assignee);
    }

    issue.labels = [
      ...new Set(
        valuesOf('labels')
          .flatMap((cell) => cell.split(/[,;]/))
          .map((label) => label.trim())
          .filter(Boolean),
      ),
    ];
    problems.check(() => {
      for (const name of issue.labels)
        if (name.length > 50) failAt(at('labels'), `"${truncateText(name, 20)}…" is longer than 50 characters`);
      if (issue.labels.length > 20) failAt(at('labels'), 'has more than 20 labels');
    });
    for (const name of issue.labels) if (!labels.has(name.toLowerCase())) labels.set(name.toLowerCase(), name);

    issue.comments = valuesOf('comment')
      .map(commentOf)
      .filter((comment) => comment.body);

    const columnName = value('column') || columnForStatus[issue.status ?? 'TODO'];
    problems.check(() => {
      if (columnName.length > 100) failAt(at('column'), 'is longer than 100 characters');
      if (!columns.has(columnName)) {
        if (columns.size >= 20) failAt(at('column'), 'a board holds at most 20 columns');
        columns.set(columnName, []);
      }
    });
    columns.get(columnName)?.push(issue);
    inFileOrder.push(issue);
  }
  // Numbers are kept only when every issue has its own; otherwise they are handed out in file order.
  if (
    new Set(inFileOrder.map((i) => i.number)).size !== inFileOrder.length ||
    inFileOrder.some((i) => i.number === null)
  )
    inFileOrder.forEach((issue, index) => (issue.number = index + 1));
  const leftOut = [
    ...countOf(notRead.size, 'column').map(
      (text) => `${text} not read: ${[...notRead].slice(0, 10).join(', ')}${notRead.size > 10 ? ', …' : ''}`,
    ),
    ...countOf(
      extraAssignees,
      'assignee beyond an issue’s first (an issue has one assignee)',
      'assignees beyond an issue’s first (an issue has one assignee)',
    ),
  ];
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
    folded: { checklists: 0, attachments: 0, leftOut },
    warnings: problems.warnings,
  };
}

/** The status from Jira's status category when the file has one, else from the status's name. */
function readStatus(issue: PlannedIssue, category: string, name: string, at: Place, problems: ImportProblems) {
  const status = statusCategoryOf(category) ?? (name ? statusOf(name) : null);
  if (status) issue.status = status;
  else if (name) {
    problems.warn(at, `"${truncateText(name, 30)}" is not a status here`, 'taken as TODO');
    issue.status = 'TODO';
  }
}

/** A comment cell: Jira's `date;author;text`, or the text alone. */
function commentOf(cell: string): PlannedComment {
  const jira = jiraComment.exec(cell);
  const createdAt = jira ? instantOf(jira[1]!) : null;
  const author = createdAt ? jira![2]!.trim() : '';
  const body = createdAt ? jira![3]!.trim() : cell;
  return {
    author: emailPattern.test(author) ? author.toLowerCase() : null,
    authorName: author || null,
    body: truncateText(body, COMMENT_BODY_MAX_LENGTH),
    createdAt,
    editedAt: null,
    reactions: { thumbsup: [], heart: [] },
    replies: [],
  };
}
