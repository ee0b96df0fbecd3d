import { ProjectExport, type ExportComment } from '@trackboard/contracts';
import { ImportFailure, type ImportPlan, type PlannedComment } from './import-plan';
import type { ImportProblems } from './import-problems';

// Our own JSON export read back: the schema that describes the export checks the file, and a
// failure names the JSON path of every wrong field.

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportFailure({ message: `The file is not valid JSON: ${(error as Error).message}` });
  }
}

const toComment = (c: Omit<ExportComment, 'replies'> & { replies?: ExportComment['replies'] }): PlannedComment => ({
  author: c.author,
  authorName: null,
  body: c.body,
  createdAt: c.createdAt,
  editedAt: c.editedAt,
  reactions: c.reactions,
  replies: (c.replies ?? []).map((r) => toComment(r)),
});

export function readTrackboard(text: string, problems: ImportProblems): ImportPlan {
  const parsed = ProjectExport.safeParse(parseJson(text));
  if (!parsed.success) return problems.refused(parsed.error);
  const document = parsed.data;
  // Two issues of one file with the same key would get the same new key.
  const seen = new Set<string>();
  document.boards.forEach((board, b) => {
    // A board's label names are unique, case aside (as the board itself enforces).
    const names = new Set<string>();
    board.labels.forEach((label, l) => {
      if (names.has(label.name.toLowerCase()))
        problems.error({ field: `boards[${b}].labels[${l}].name` }, 'appears twice');
      names.add(label.name.toLowerCase());
    });
    board.columns.forEach((column, c) =>
      column.issues.forEach((issue, i) => {
        if (seen.has(issue.key))
          problems.error({ field: `boards[${b}].columns[${c}].issues[${i}].key` }, 'appears twice');
        seen.add(issue.key);
      }),
    );
  });
  return {
    description: document.project.description,
    members: document.project.members,
    boards: document.boards.map((board) => ({
      name: board.name,
      labels: board.labels,
      columns: board.columns.map((column) => ({
        name: column.name,
        wipLimit: column.wipLimit,
        issues: column.issues.map(({ key, comments, ...issue }) => ({
          ...issue,
          number: Number(key.slice(key.lastIndexOf('-') + 1)),
          comments: comments.map(toComment),
        })),
      })),
    })),
  };
}
