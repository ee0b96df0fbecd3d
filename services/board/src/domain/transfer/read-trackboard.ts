import { cycleName, ProjectExport, type ExportAttachment, type ExportComment } from '@trackboard/contracts';
import { megabytes } from '../attachments/received-file';
import {
  countOf,
  ImportFailure,
  type ImportPlan,
  type Place,
  type PlannedComment,
  type PlannedFile,
  type PlannedIssue,
} from './import-plan';
import type { ImportProblems } from './import-problems';
import { keepParents, keepRelations } from './import-structure';

// Our own JSON export read back: the schema that describes the export checks the file, and a
// failure names the JSON path of every wrong field. Sub-issues and relations come back between
// the imported issues (import-structure.ts). Attachments come back only from the export with
// files (a zip, import-zip.ts), each within ATTACHMENT_MAX_BYTES and, together, the project's
// quota; a file that is not within them, or not in the zip, is a warning and stays behind. The
// cycle plan and cycles come back with their numbers and days, each issue in its cycle by number;
// an issue naming a cycle the file lacks comes without it, with a warning, as a broken parent does.

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

/** The zip's files (their sizes by path) and the limits a stored file keeps to. */
export type ZipFiles = { sizes: Map<string, number>; maxBytes: number; quotaBytes: number };

/** The attachments whose bytes the zip holds within the limits; the rest are warnings. */
function filesOf(
  attachments: ExportAttachment[],
  at: (a: number) => Place,
  zip: ZipFiles,
  used: { bytes: number },
  problems: ImportProblems,
): PlannedFile[] {
  const files: PlannedFile[] = [];
  attachments.forEach((attachment, a) => {
    const size = zip.sizes.get(attachment.file);
    const reason =
      size === undefined
        ? 'is not in the zip'
        : size === 0
          ? 'is empty'
          : size > zip.maxBytes
            ? `is larger than the ${megabytes(zip.maxBytes)} allowed (ATTACHMENT_MAX_BYTES)`
            : used.bytes + size > zip.quotaBytes
              ? `would take the project's attachments past the ${megabytes(zip.quotaBytes)} allowed (ATTACHMENT_PROJECT_QUOTA_BYTES)`
              : null;
    if (reason !== null || size === undefined)
      return problems.warn(at(a), reason ?? '', `"${attachment.name}" left out`);
    used.bytes += size;
    files.push({ name: attachment.name, path: attachment.file, size, createdAt: attachment.createdAt });
  });
  return files;
}

/** Reads our JSON export; `zip`: the files of an export with files, without which attachments stay behind. */
export function readTrackboard(text: string, problems: ImportProblems, zip?: ZipFiles): ImportPlan {
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
  // Two cycles of one number would break the project's numbering (one number per cycle).
  const cycleNumbers = new Set<number>();
  document.project.cycles.forEach((cycle, n) => {
    if (cycleNumbers.has(cycle.number)) problems.error({ field: `project.cycles[${n}].number` }, 'appears twice');
    cycleNumbers.add(cycle.number);
  });
  const placed: { issue: PlannedIssue; place: Place }[] = [];
  const used = { bytes: 0 };
  let filesLeft = 0;
  const plan: ImportPlan = {
    description: document.project.description,
    estimateScale: document.project.estimateScale,
    cyclePlan: document.project.cyclePlan,
    cycles: document.project.cycles,
    members: document.project.members,
    boards: document.boards.map((board, b) => ({
      name: board.name,
      labels: board.labels,
      columns: board.columns.map((column, c) => ({
        name: column.name,
        wipLimit: column.wipLimit,
        issues: column.issues.map(({ key, parentKey, comments, attachments, cycle, ...fields }, i) => {
          const path = `boards[${b}].columns[${c}].issues[${i}]`;
          filesLeft += zip ? 0 : attachments.length;
          const inCycle = cycle !== null && cycleNumbers.has(cycle) ? cycle : null;
          if (cycle !== inCycle)
            problems.warn(
              { field: `${path}.cycle` },
              `${cycleName(cycle!)} is not a cycle of the file`,
              'imported without its cycle',
            );
          const issue: PlannedIssue = {
            ...fields,
            number: Number(key.slice(key.lastIndexOf('-') + 1)),
            comments: comments.map(toComment),
            ref: key,
            parentRef: parentKey,
            files: zip
              ? filesOf(attachments, (a) => ({ field: `${path}.attachments[${a}].file` }), zip, used, problems)
              : [],
            cycle: inCycle,
          };
          placed.push({ issue, place: { field: `${path}.parentKey` } });
          return issue;
        }),
      })),
    })),
  };
  keepParents(placed, problems);
  plan.relations = keepRelations(document.relations, seen, problems);
  plan.warnings = problems.warnings;
  plan.folded = {
    checklists: 0,
    attachments: 0,
    leftOut: countOf(
      filesLeft,
      'attachment was not imported: export with files to bring it',
      'attachments were not imported: export with files to bring them',
    ),
  };
  return plan;
}
