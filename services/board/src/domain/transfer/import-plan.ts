import {
  IMPORT_PROBLEMS_LISTED,
  ISSUE_TEXT_MAX_LENGTH,
  ISSUE_TITLE_MAX_LENGTH,
  type EstimateScale,
  type ExportBoard,
  type ExportCycle,
  type ExportCyclePlan,
  type ExportHistory,
  type ImportError,
  type ImportSummaryDto,
  type IssueStatus,
  type issuePriorities,
  type issueTypes,
  messages,
  multiLinePattern,
  singleLinePattern,
  wellFormedPattern,
} from '@trackboard/contracts';

// What an import will write, whichever file it came from (our JSON, a CSV, a Trello board):
// read and checked whole before anything is written, so a bad file writes nothing.

export type PlannedComment = {
  /** The author's e-mail as the file names it: the comment is the importer's either way. */
  author: string | null;
  /** The author's name where the file gives one (Trello does, our export names e-mails). */
  authorName: string | null;
  body: string;
  createdAt: string | null;
  editedAt: string | null;
  reactions: { thumbsup: string[]; heart: string[] };
  replies: PlannedComment[];
};

export type PlannedIssue = {
  /** The issue's number in its old project (our own export), kept when every issue has one. */
  number: number | null;
  title: string;
  description: string;
  /** Null: the status the column's name maps to (statusForColumn). */
  status: IssueStatus | null;
  type: (typeof issueTypes)[number];
  priority: (typeof issuePriorities)[number];
  dueDate: string | null;
  /** Points, or null; only a project with an estimate scale keeps one (imports.ts). */
  estimate: number | null;
  assignee: string | null;
  reporter: string | null;
  labels: string[];
  relatedCode: string;
  links: string[];
  instructions: string;
  createdAt: string | null;
  updatedAt: string | null;
  comments: PlannedComment[];
  history: ExportHistory[];
  /** The issue's key in the file (our export): what `parentRef` and the plan's relations name it by. */
  ref: string | null;
  /** The key of the issue it is a sub-issue of, in the same file; checked by keepParents (import-structure.ts). */
  parentRef: string | null;
  /** Files to store as its attachments (an export with files), each checked against the limits already. */
  files: PlannedFile[];
  /** The number of the plan's cycle it is in (our export), or null; one the plan lacks is dropped by the reader. */
  cycle: number | null;
};

/** An attachment an export with files brings: its bytes are the zip's `path`. */
export type PlannedFile = { name: string; path: string; size: number; createdAt: string };

/** A link between two of the file's issues, by their keys (`ref`), as stored: `blocks` and `duplicates` point from `from` to `to`. */
export type PlannedRelation = { type: 'blocks' | 'relates' | 'duplicates'; from: string; to: string };

export type PlannedBoard = {
  name: string;
  labels: ExportBoard['labels'];
  columns: { name: string; wipLimit: number | null; issues: PlannedIssue[] }[];
};

export type ImportPlan = {
  description: string;
  /** The project's estimate scale, where the file has one (our export). */
  estimateScale?: EstimateScale;
  /** E-mails of the project's people as the file lists them: offered to the importer when they have an account here. */
  members: string[];
  boards: PlannedBoard[];
  /** The project's cycle plan and cycles, where the file has them (our export); none by default. */
  cyclePlan?: ExportCyclePlan | null;
  cycles?: ExportCycle[];
  /** Links between the file's issues; none by default. */
  relations?: PlannedRelation[];
  /** What a reader folded into issues (checklists, attachments) and what of the file it left out; none by default. */
  folded?: Pick<ImportSummaryDto, 'checklists' | 'attachments' | 'leftOut'>;
  /** Values the reader did not know and what it made of them (import-problems.ts), every one. */
  warnings?: string[];
};

/** "1 archived list" or "3 archived lists" as a one-line list, nothing for none: a summary's leftOut line. */
export const countOf = (n: number, one: string, many = `${one}s`): string[] =>
  n ? [`${n} ${n === 1 ? one : many}`] : [];

const commentCount = (comments: PlannedComment[]): number =>
  comments.reduce((n, c) => n + 1 + commentCount(c.replies), 0);

/** The job's summary of a plan: labels and comments as they will be written, with what the reader reported. */
export const summaryOf = (plan: ImportPlan): ImportSummaryDto => ({
  labels: plan.boards.reduce((n, b) => n + b.labels.length, 0),
  checklists: plan.folded?.checklists ?? 0,
  comments: plan.boards.reduce(
    (n, b) => n + b.columns.reduce((m, c) => m + c.issues.reduce((k, i) => k + commentCount(i.comments), 0), 0),
    0,
  ),
  attachments: plan.folded?.attachments ?? 0,
  leftOut: plan.folded?.leftOut ?? [],
  warnings: (plan.warnings ?? []).slice(0, IMPORT_PROBLEMS_LISTED),
  warningCount: plan.warnings?.length ?? 0,
});

/** A file that can't be imported: where (`line` of a CSV, `field` path of a JSON file) and why. */
export class ImportFailure extends Error {
  constructor(readonly where: ImportError) {
    super(where.message);
  }
}

/** Where a value sits in the file: the CSV line and column, or the JSON path. */
export type Place = { line?: number; field: string };

/** "line 3: Due date: must be a date (YYYY-MM-DD)" for a CSV, "cards[2].name: is required" for JSON. */
export const messageAt = (place: Place, reason: string): string =>
  place.line === undefined ? `${place.field}: ${reason}` : `line ${place.line}: ${place.field}: ${reason}`;

export const failAt = (place: Place, reason: string): never => {
  throw new ImportFailure({ ...place, message: messageAt(place, reason) });
};

/**
 * The most issues one import takes: a bigger file fails before anything is written. The writes
 * are batched so the instance keeps serving others, and this bounds how long one import runs.
 */
export const IMPORT_MAX_ISSUES = 50_000;

/** Fails a file with more issues than one import takes, naming the limit. */
export function checkIssueCount(count: number): void {
  if (count > IMPORT_MAX_ISSUES)
    throw new ImportFailure({
      field: 'file',
      message: `The file holds ${count.toLocaleString('en')} issues; an import takes at most ${IMPORT_MAX_ISSUES.toLocaleString('en')}.`,
    });
}

export const issueCount = (plan: ImportPlan) =>
  plan.boards.reduce((n, b) => n + b.columns.reduce((m, c) => m + c.issues.length, 0), 0);

export const emptyIssue = (title: string): PlannedIssue => ({
  number: null,
  title,
  description: '',
  status: null,
  type: 'TASK',
  priority: 'MEDIUM',
  dueDate: null,
  estimate: null,
  assignee: null,
  reporter: null,
  labels: [],
  relatedCode: '',
  links: [],
  instructions: '',
  createdAt: null,
  updatedAt: null,
  comments: [],
  history: [],
  ref: null,
  parentRef: null,
  files: [],
  cycle: null,
});

/** The checks an issue read from a CSV or Trello file must pass (our JSON's schema checks its own). */
export function checkIssueText(issue: PlannedIssue, at: (field: 'title' | 'description') => Place): void {
  if (!issue.title.trim()) failAt(at('title'), 'is required');
  if (issue.title.length > ISSUE_TITLE_MAX_LENGTH)
    failAt(at('title'), `is longer than ${ISSUE_TITLE_MAX_LENGTH} characters`);
  if (issue.description.length > ISSUE_TEXT_MAX_LENGTH)
    failAt(at('description'), `is longer than ${ISSUE_TEXT_MAX_LENGTH} characters`);
  checkText(at('title'), issue.title);
  checkText(at('description'), issue.description, 'lines');
}

/**
 * Every text a CSV or Trello file brings (names, labels, comments…) keeps to the rule the API
 * holds requests to: no control characters but line breaks and tabs in multi-line text. A NUL
 * makes PostgreSQL refuse the statement; ESC and BEL would reach pages, mails and logs.
 */
export function checkText(place: Place, text: string, kind: 'line' | 'lines' = 'line'): void {
  if (!(kind === 'line' ? singleLinePattern : multiLinePattern).test(text)) failAt(place, messages.controlCharacters);
  if (!wellFormedPattern.test(text)) failAt(place, messages.unpairedSurrogates);
}

/** `YYYY-MM-DD` that exists, or null. */
export function calendarDate(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}
