import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  csvIssueColumns,
  type ExportBoard,
  type ExportComment,
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
type IssueRow = Omit<ExportIssue, 'comments' | 'history'> & { id: string; column_id: string };
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
            to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
            (select email from auth.user_directory where id = i.assignee_id) as assignee,
            (select email from auth.user_directory where id = i.reporter_id) as reporter,
            coalesce((select array_agg(l.name order by lower(l.name), l.id) from board.labels l
              where l.id = any(i.label_ids)), '{}') as labels,
            i.related_code as "relatedCode", i.links, i.instructions,
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
      return { boards, columns, labels, issues, comments, history };
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
  const data = await readProject(db, Number(project.id));
  const columnsOf = groupBy(data.columns, (c) => c.board_id);
  const labelsOf = groupBy(data.labels, (l) => l.board_id);
  const issuesOf = groupBy(data.issues, (i) => i.column_id);
  const commentsOf = groupBy(data.comments, (c) => c.issue_id);
  const historyOf = groupBy(data.history, (h) => h.issue_id);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: clock.now().toISOString(),
    project: {
      key: project.key,
      name: project.name,
      description: project.description,
      lead: project.lead.email,
      members: project.members.map((m) => m.email).sort(),
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
        })),
      })),
    })),
  };
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
