import { z } from 'zod';
import { issueStatuses } from './column-status';
import { CycleStartDay, CycleWeeks } from './cycles';
import { estimateScales, estimateValues } from './estimates';
import { issuePriorities, issueTypes, labelColors } from './issue-rules';
import { historyFields, historyKinds } from './boards';
import { ProjectKey } from './projects';
import {
  BOARD_NAME_MAX_LENGTH,
  COMMENT_BODY_MAX_LENGTH,
  ISSUE_TEXT_MAX_LENGTH,
  ISSUE_TITLE_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
} from './rules';
import { lineText, multiLineText } from './text';

// Export and import of a whole project. The export document is what the import of
// format `trackboard` reads back, so one schema describes both: people by e-mail (ids mean
// nothing in another deployment), issues under their columns in board order.

export const EXPORT_FORMAT = 'trackboard-export';
export const EXPORT_VERSION = 1;
/** The largest file an import takes (413 above it). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The CSV export's columns, in order; the CSV import maps the same names, case aside. */
export const csvIssueColumns = [
  'Key',
  'Title',
  'Status',
  'Column',
  'Assignee',
  'Labels',
  'Priority',
  'Type',
  'Due date',
  'Created',
  'Updated',
] as const;

/** `zip`: the JSON as export.json with every attachment's bytes under files/ (the export with files). */
export const exportFormats = ['json', 'csv', 'zip'] as const;
export const importFormats = ['trackboard', 'csv', 'trello'] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;

/** GET /projects/:key/export?format=json|csv|zip (JSON when absent). */
export const ExportQuery = z.object({
  format: z.enum(exportFormats, { error: `must be one of ${exportFormats.join(', ')}` }).default('json'),
});

/** POST /imports?format=…&key=…&name=…: the file is the request body. */
export const ImportQuery = z.object({
  format: z.enum(importFormats, { error: `must be one of ${importFormats.join(', ')}` }),
  key: ProjectKey,
  name: lineText({ error: 'is required' }).trim().min(1, 'is required').max(PROJECT_NAME_MAX_LENGTH, 'is too long'),
  /** `true`: a value the import does not know (a priority, a type, a date…) fails the file rather than being a warning. */
  strict: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
const Email = lineText().max(320, 'is too long');
const Timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });
const DateOnly = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** Who reacted, by e-mail, per reaction type (reactionTypes). */
export const ExportReactions = z.object({
  thumbsup: z.array(Email).default([]),
  heart: z.array(Email).default([]),
});

const CommentBody = multiLineText().trim().min(1, 'is required').max(COMMENT_BODY_MAX_LENGTH, 'is too long');
const ExportReply = z.object({
  author: Email.nullable(),
  body: CommentBody,
  createdAt: Timestamp,
  editedAt: Timestamp.nullable().default(null),
  reactions: ExportReactions.default({ thumbsup: [], heart: [] }),
});
export const ExportComment = ExportReply.extend({ replies: z.array(ExportReply).default([]) });
export type ExportComment = z.infer<typeof ExportComment>;

export const ExportHistory = z.object({
  at: Timestamp,
  actor: Email.nullable(),
  kind: z.enum(historyKinds),
  field: z.enum(historyFields).nullable().default(null),
  from: multiLineText().max(ISSUE_TEXT_MAX_LENGTH).nullable().default(null),
  to: multiLineText().max(ISSUE_TEXT_MAX_LENGTH).nullable().default(null),
});
export type ExportHistory = z.infer<typeof ExportHistory>;

const IssueKey = lineText().regex(
  /^[A-Z0-9]{1,10}-[1-9][0-9]{0,8}$/,
  'must be a project key and a number, like WEB-12',
);

/**
 * Where an attachment's bytes sit in the export with files (`files/<file>` in the zip): the
 * issue's key, then the attachment's id and name (`WEB-12/345-screenshot.png`), the same in every
 * export of the project. Relative, without `..`, backslashes or control characters.
 */
export const ExportFilePath = lineText()
  .min(1, 'is required')
  .max(400, 'is too long')
  .refine(
    (path) => path.split('/').every((part) => part !== '' && part !== '.' && part !== '..') && !path.includes('\\'),
    {
      error: 'must be a relative path like WEB-12/345-screenshot.png',
    },
  );

/** An issue's file as the export names it; its bytes travel only in the export with files (zip). */
export const ExportAttachment = z.object({
  name: lineText().trim().min(1, 'is required').max(255, 'is too long'),
  contentType: lineText().max(255).default('application/octet-stream'),
  size: z.number().int().nonnegative(),
  uploader: Email.nullable().default(null),
  createdAt: Timestamp,
  file: ExportFilePath,
});
export type ExportAttachment = z.infer<typeof ExportAttachment>;

/** A link between two of the project's issues, as stored: `blocks` and `duplicates` point from `from` to `to`. */
export const ExportRelation = z.object({
  type: z.enum(['blocks', 'relates', 'duplicates'], { error: 'must be one of blocks, relates, duplicates' }),
  from: IssueKey,
  to: IssueKey,
});
export type ExportRelation = z.infer<typeof ExportRelation>;

export const ExportIssue = z.object({
  key: IssueKey,
  /** The key of the issue this is a sub-issue of, in the same export, or null. */
  parentKey: IssueKey.nullable().default(null),
  title: lineText().trim().min(1, 'is required').max(ISSUE_TITLE_MAX_LENGTH, 'is too long'),
  description: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long').default(''),
  status: z.enum(issueStatuses),
  type: z.enum(issueTypes).default('TASK'),
  priority: z.enum(issuePriorities).default('MEDIUM'),
  dueDate: DateOnly.nullable().default(null),
  /** Points (1, 2, 3, 5, 8; T-shirt sizes as the points they stand for), or null. */
  estimate: z
    .number()
    .refine((value) => (estimateValues as readonly number[]).includes(value), {
      error: `must be one of ${estimateValues.join(', ')}`,
    })
    .nullable()
    .default(null),
  assignee: Email.nullable().default(null),
  reporter: Email.nullable().default(null),
  labels: z.array(lineText().max(50)).max(20, 'has too many labels').default([]),
  relatedCode: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long').default(''),
  links: z.array(lineText().max(2000)).max(100, 'has too many links').default([]),
  instructions: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long').default(''),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  comments: z.array(ExportComment).default([]),
  history: z.array(ExportHistory).default([]),
  attachments: z.array(ExportAttachment).default([]),
  /** The `number` of the project's cycle it is in (`project.cycles`), or null. */
  cycle: z.number().int('must be a cycle number').min(1, 'must be a cycle number').nullable().default(null),
});
export type ExportIssue = z.infer<typeof ExportIssue>;

const ColumnName = lineText().trim().min(1, 'is required').max(100, 'is too long');
export const ExportBoard = z.object({
  name: lineText().trim().min(1, 'is required').max(BOARD_NAME_MAX_LENGTH, 'is too long'),
  labels: z
    .array(
      z.object({
        name: lineText().trim().min(1, 'is required').max(50, 'is too long'),
        color: z.enum(labelColors, { error: `must be one of ${labelColors.join(', ')}` }),
      }),
    )
    .default([]),
  columns: z
    .array(
      z.object({
        name: ColumnName,
        wipLimit: z.number().int().min(1).max(999).nullable().default(null),
        issues: z.array(ExportIssue).default([]),
      }),
    )
    .min(1, 'must have at least one column')
    .max(20, 'has too many columns'),
});
export type ExportBoard = z.infer<typeof ExportBoard>;

/** A project's cycle plan (contracts' cycles.ts): on or off, cycles of `weeks` weeks starting on `startDay` (ISO: 1 Monday). */
export const ExportCyclePlan = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  weeks: CycleWeeks,
  startDay: CycleStartDay,
});
export type ExportCyclePlan = z.infer<typeof ExportCyclePlan>;

/** One of a project's cycles, ended ones too: its days (`endsOn` the day after its last), and whether its unfinished issues have moved on. */
export const ExportCycle = z
  .object({
    number: z.number().int().min(1, 'must be 1 or more'),
    startsOn: DateOnly,
    endsOn: DateOnly,
    /** Its unfinished issues have moved on to the next cycle already: the new project's timer leaves it be. */
    rolledOver: z.boolean().default(false),
  })
  .refine((cycle) => cycle.endsOn > cycle.startsOn, { error: 'must end after it starts', path: ['endsOn'] });
export type ExportCycle = z.infer<typeof ExportCycle>;

/** The JSON export (`GET /projects/:key/export`), and what a `trackboard` import reads. */
export const ProjectExport = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `must be ${EXPORT_VERSION}` }),
  exportedAt: Timestamp,
  project: z.object({
    key: ProjectKey,
    name: lineText().trim().min(1).max(PROJECT_NAME_MAX_LENGTH),
    description: multiLineText().max(PROJECT_DESCRIPTION_MAX_LENGTH).default(''),
    lead: Email.nullable().default(null),
    members: z.array(Email).default([]),
    estimateScale: z.enum(estimateScales, { error: `must be one of ${estimateScales.join(', ')}` }).default('none'),
    /** Null: cycles were never turned on (an export made before cycles travelled has neither field). */
    cyclePlan: ExportCyclePlan.nullable().default(null),
    /** Every cycle, by number; issues name theirs by `cycle`. */
    cycles: z.array(ExportCycle).max(10_000, 'has too many cycles').default([]),
  }),
  boards: z.array(ExportBoard).min(1, 'must have at least one board').max(50, 'has too many boards'),
  /** Links between the project's own issues; a link to another project's issue is left out. */
  relations: z.array(ExportRelation).default([]),
});
export type ProjectExport = z.infer<typeof ProjectExport>;

/** How many of a file's problems (or warnings) one answer lists; the total is given beside them. */
export const IMPORT_PROBLEMS_LISTED = 100;

/** One place a file went wrong: the CSV line where the record starts (the header is line 1) or the JSON path, and why. */
export const ImportProblem = z.object({
  line: z.number().int().optional(),
  field: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/**
 * Why an import failed. A file with problems lists every one of them (`errors`, the first
 * IMPORT_PROBLEMS_LISTED, and `errorCount`) so it is fixed in one go; `line`, `field` and
 * `message` are the first problem's, or say what failed when no single place did.
 */
export const ImportError = ImportProblem.extend({
  errors: z.array(ImportProblem).optional(),
  errorCount: z.number().int().optional(),
});
export type ImportError = z.infer<typeof ImportError>;

/** What an import brought across besides its issues, and what of the file it left out. */
export const ImportSummaryDto = z.object({
  /** Labels on the new boards. */
  labels: z.number().int(),
  /** Checklists, written into their issues' descriptions as task lists. */
  checklists: z.number().int(),
  /** Comments, replies included. */
  comments: z.number().int(),
  /** Trello's link attachments, kept as Markdown links at the end of their issues' descriptions. */
  attachments: z.number().int(),
  /** What the file holds that did not come across, one sentence each ("2 archived cards"). */
  leftOut: z.array(z.string()),
  /**
   * Values the import did not know and what it made of them ("line 7: Priority: "Blocker" taken
   * as CRITICAL"), the first IMPORT_PROBLEMS_LISTED; a strict import fails on them instead.
   */
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
});
export type ImportSummaryDto = z.infer<typeof ImportSummaryDto>;

/** POST /imports (202) and GET /imports/:id. */
export const ImportJobDto = z.object({
  id: z.string(),
  format: z.enum(importFormats),
  status: z.enum(importStatuses),
  /** Issues written so far (issues read while the file is checked). */
  processed: z.number().int(),
  total: z.number().int(),
  projectKey: z.string(),
  error: ImportError.nullable(),
  /**
   * People the file names who have an account here, not yet in the project: an import adds no
   * one by itself; the importer may add them (POST /imports/:id/people), with the issues the
   * file assigns them (`issues`: how many).
   */
  people: z.array(z.object({ email: z.string(), issues: z.number().int() })),
  /** Once the file has been read: what came across and what was left out (null before, or when it could not be read). */
  summary: ImportSummaryDto.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJobDto = z.infer<typeof ImportJobDto>;

/** POST /imports/:id/people: which of the job's `people` to add to the new project. */
export const ImportPeopleBody = z.object({
  emails: z
    .array(lineText().trim().toLowerCase().min(1, 'is required').max(320, 'is too long'))
    .min(1, 'is required')
    .max(1000, 'has too many e-mails'),
});
export type ImportPeopleBody = z.infer<typeof ImportPeopleBody>;
