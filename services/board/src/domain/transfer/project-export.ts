import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  csvIssueColumns,
  type ExportAttachment,
  type ExportBoard,
  type ExportComment,
  type ExportCycle,
  type ExportCyclePlan,
  type ExportHistory,
  type ExportIssue,
  type ProjectDto,
  type ProjectExport,
} from '@trackboard/contracts';
import { queryRows, type Clock, type Db } from '@trackboard/server-kit';
import { spreadsheetSafe } from './spreadsheet-cells';

// The export of a project: everything its boards hold, people by e-mail. Read in a
// handful of statements whatever the size (boards, columns, labels, issues, comments, reactions,
// history), each ordered as the board shows it, and assembled in Node.

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type BoardRow = { id: string; name: string };
type ColumnRow = { id: string; board_id: string; name: string; wip_limit: number | null };
type LabelRow = { board_id: string; name: string; color: ExportBoard['labels'][number]['color'] };
type IssueRow = Omit<ExportIssue, 'comments' | 'history' | 'attachments'> & { id: string; column_id: string };
type CommentRow = {
  id: string;
  issue_id: string;
  parent_id: string | null;
  author: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  thumbsup: string[];
  heart: string[];
};
type HistoryRow = ExportHistory & { issue_id: string };
type AttachmentRow = Omit<ExportAttachment, 'file'> & {
  id: string;
  issue_id: string;
  issue_key: string;
  storage_key: string;
};
type RelationRow = { type: 'blocks' | 'relates' | 'duplicates'; from: string; to: string };

/** An attachment's bytes in the export with files: its `file` path and where the store keeps it. */
export type ExportedFile = { file: string; storageKey: string; size: number };

/**
 * `WEB-12/345-screenshot.png`: the issue's key, then the attachment's id (which keeps two files
 * of one name apart and the path the same in every export) and its name, without anything that
 * would make a folder or leave one.
 */
export const exportFilePath = (issueKey: string, id: string, name: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  `${issueKey}/${id}-${name.replace(/[\u0000-\u001f\u007f/\\]/g, '_')}`;

/** One snapshot of the whole project, read in one repeatable-read transaction so its parts agree. */
async function readProject(db: Db, projectId: number) {
  return db.transaction(
    async (tx) => {
      const boards = await queryRows<BoardRow>(
        tx,
        sql`select id::text, name from board.boards where project_id = ${projectId} order by id`,
      );
      const columns = await queryRows<ColumnRow>(
        tx,
        sql`select c.id::text, c.board_id::text, c.name, c.wip_limit from board.columns c
          join board.boards b on b.id = c.board_id where b.project_id = ${projectId} order by c.position, c.id`,
      );
      const labels = await queryRows<LabelRow>(
        tx,
        sql`select l.board_id::text, l.name, l.color from board.labels l
          join board.boards b on b.id = l.board_id where b.project_id = ${projectId} order by lower(l.name), l.id`,
      );
      const issues = await queryRows<IssueRow>(
        tx,
        sql`select i.id::text, i.column_id::text, i.key, i.title, i.description, i.status, i.type, i.priority,
            to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.estimate,
            (select email from auth.user_directory where id = i.assignee_id) as assignee,
            (select email from auth.user_directory where id = i.reporter_id) as reporter,
            coalesce((select array_agg(l.name order by lower(l.name), l.id) from board.labels l
              where l.id = any(i.label_ids)), '{}') as labels,
            i.related_code as "relatedCode", i.links, i.instructions,
            (select p.key from board.issues p where p.id = i.parent_id and p.column_id is not null
              and p.deleted_at is null) as "parentKey",
            (select c.number from board.cycles c where c.id = i.cycle_id) as cycle,
            ${iso('i.created_at')} as "createdAt", ${iso('i.updated_at')} as "updatedAt"
          from board.issues i where i.project_id = ${projectId} and i.column_id is not null and i.deleted_at is null
          order by i.rank, i.id`,
      );
      const comments = await queryRows<CommentRow>(
        tx,
        sql`select c.id::text, c.issue_id::text, c.parent_id::text,
            (select email from auth.user_directory where id = c.author_id) as author, c.body,
            ${iso('c.created_at')} as created_at, ${iso('c.edited_at')} as edited_at,
            coalesce((select array_agg(u.email order by u.email) from board.reactions r
              join auth.user_directory u on u.id = r.user_id where r.comment_id = c.id and r.type = 'thumbsup'), '{}') as thumbsup,
            coalesce((select array_agg(u.email order by u.email) from board.reactions r
              join auth.user_directory u on u.id = r.user_id where r.comment_id = c.id and r.type = 'heart'), '{}') as heart
          from board.comments c join board.issues i on i.id = c.issue_id
          where i.project_id = ${projectId} and i.deleted_at is null and c.deleted_at is null
          order by c.created_at, c.id`,
      );
      const history = await queryRows<HistoryRow>(
        tx,
        sql`select a.issue_id::text, ${iso('a.created_at')} as at,
            (select email from auth.user_directory where id = a.actor_id) as actor,
            a.kind, a.field, a.from_value as "from", a.to_value as "to"
          from board.activity a join board.issues i on i.id = a.issue_id
          where i.project_id = ${projectId} and i.deleted_at is null and a.kind is not null
          order by a.created_at, a.id`,
      );
      const attachments = await queryRows<AttachmentRow>(
        tx,
        sql`select a.id::text, a.issue_id::text, i.key as issue_key, a.storage_key, a.file_name as name,
            a.content_type as "contentType", a.size::float8 as size,
            (select email from auth.user_directory where id = a.uploader_id) as uploader,
            ${iso('a.created_at')} as "createdAt"
          from board.attachments a join board.issues i on i.id = a.issue_id
          where i.project_id = ${projectId} and i.column_id is not null and i.deleted_at is null
          order by a.id`,
      );
      // Only links between two issues the export holds: one to another project's issue (or to a
      // deleted one) would name an issue the file does not have.
      const relations = await queryRows<RelationRow>(
        tx,
        sql`select r.type, a.key as from, b.key as to from board.issue_relations r
          join board.issues a on a.id = r.issue_id join board.issues b on b.id = r.related_id
          where a.project_id = ${projectId} and b.project_id = ${projectId}
            and a.column_id is not null and a.deleted_at is null and b.column_id is not null and b.deleted_at is null
          order by r.id`,
      );
      const [cyclePlan] = await queryRows<ExportCyclePlan>(
        tx,
        sql`select enabled, weeks, start_day as "startDay" from board.cycle_plans where project_id = ${projectId}`,
      );
      const cycles = await queryRows<ExportCycle>(
        tx,
        sql`select number, to_char(starts_on, 'YYYY-MM-DD') as "startsOn", to_char(ends_on, 'YYYY-MM-DD') as "endsOn",
            rolled_over_at is not null as "rolledOver"
          from board.cycles where project_id = ${projectId} order by number`,
      );
      return { boards, columns, labels, issues, comments, history, attachments, relations, cyclePlan, cycles };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

function commentTree(rows: CommentRow[]): ExportComment[] {
  const toComment = (c: CommentRow) => ({
    author: c.author,
    body: c.body,
    createdAt: c.created_at,
    editedAt: c.edited_at,
    reactions: { thumbsup: c.thumbsup, heart: c.heart },
  });
  const replies = groupBy(
    rows.filter((c) => c.parent_id !== null),
    (c) => c.parent_id!,
  );
  return rows
    .filter((c) => c.parent_id === null)
    .map((c) => ({ ...toComment(c), replies: (replies.get(c.id) ?? []).map(toComment) }));
}

/** The JSON export of a project the caller may see (the project service answered `project` for them). */
export async function exportProject(db: Db, project: ProjectDto, clock: Clock): Promise<ProjectExport> {
  return (await exportWithFiles(db, project, clock)).document;
}

/** The JSON export and the stored files its attachments name (the export with files reads them from the store). */
export async function exportWithFiles(
  db: Db,
  project: ProjectDto,
  clock: Clock,
): Promise<{ document: ProjectExport; files: ExportedFile[] }> {
  const data = await readProject(db, Number(project.id));
  const files: ExportedFile[] = [];
  const attachmentsOf = groupBy(data.attachments, (a) => a.issue_id);
  const columnsOf = groupBy(data.columns, (c) => c.board_id);
  const labelsOf = groupBy(data.labels, (l) => l.board_id);
  const issuesOf = groupBy(data.issues, (i) => i.column_id);
  const commentsOf = groupBy(data.comments, (c) => c.issue_id);
  const historyOf = groupBy(data.history, (h) => h.issue_id);
  const document: ProjectExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: clock.now().toISOString(),
    project: {
      key: project.key,
      name: project.name,
      description: project.description,
      lead: project.lead.email,
      members: project.members.map((m) => m.email).sort(),
      estimateScale: project.estimateScale,
      cyclePlan: data.cyclePlan ?? null,
      cycles: data.cycles,
    },
    boards: data.boards.map((board) => ({
      name: board.name,
      labels: (labelsOf.get(board.id) ?? []).map(({ name, color }) => ({ name, color })),
      columns: (columnsOf.get(board.id) ?? []).map((column) => ({
        name: column.name,
        wipLimit: column.wip_limit,
        issues: (issuesOf.get(column.id) ?? []).map(({ id, column_id: _column, ...issue }) => ({
          ...issue,
          comments: commentTree(commentsOf.get(id) ?? []),
          history: (historyOf.get(id) ?? []).map(({ issue_id: _issue, ...row }) => row),
          attachments: (attachmentsOf.get(id) ?? []).map(({ id, issue_id: _issue, issue_key, storage_key, ...a }) => {
            const file = exportFilePath(issue_key, id, a.name);
            files.push({ file, storageKey: storage_key, size: a.size });
            return { ...a, file };
          }),
        })),
      })),
    })),
    relations: data.relations,
  };
  return { document, files };
}

/**
 * The CSV export: one line per issue, the columns of `csvIssueColumns`, labels joined by ", ";
 * every cell kept from reading as a formula (spreadsheet-cells.ts). The JSON export stays exact.
 */
export function exportCsv(document: ProjectExport): string {
  const rows = document.boards.flatMap((board) =>
    board.columns.flatMap((column) =>
      column.issues.map((issue) =>
        [
          issue.key,
          issue.title,
          issue.status,
          column.name,
          issue.assignee ?? '',
          issue.labels.join(', '),
          issue.priority,
          issue.type,
          issue.dueDate ?? '',
          issue.createdAt,
          issue.updatedAt,
        ].map(spreadsheetSafe),
      ),
    ),
  );
  return stringify([[...csvIssueColumns], ...rows]);
}
