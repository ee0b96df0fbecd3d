import { statusForColumn } from '@trackboard/contracts';
import type { Db } from '@trackboard/server-kit';
import { issues } from '../../db/schema';
import { evenRanks } from '../ordering';
import { taskCountColumns } from '../task-counts';
import { batches, importerTest, letOthersIn, type ImportTarget } from './import-batches';
import type { WrittenBoards } from './import-boards';
import type { ImportPlan, PlannedIssue } from './import-plan';

/** Numbers: the file's own when every issue has a distinct one (our export), else 1..n in file order. */
export function issueNumbers(plan: ImportPlan) {
  const all = plan.boards.flatMap((b) => b.columns.flatMap((c) => c.issues));
  const keep = all.every((i) => i.number !== null) && new Set(all.map((i) => i.number)).size === all.length;
  const numberOf = new Map<PlannedIssue, number>(all.map((issue, n) => [issue, keep ? issue.number! : n + 1]));
  let lastNumber = 0;
  for (const n of numberOf.values()) lastNumber = Math.max(lastNumber, n);
  return { numberOf, lastNumber };
}

/**
 * The file's times, with an issue never updated before it was made: a file may give only one of
 * the two, or an update time earlier than the creation (hand-edited CSVs, clocks of other
 * trackers). Without either, the database's now() stands for both.
 */
function fileTimes({ createdAt, updatedAt }: PlannedIssue): { createdAt?: Date; updatedAt?: Date } {
  const created = createdAt ?? updatedAt;
  if (!created) return {};
  const times = [created, updatedAt ?? created].map((time) => new Date(time));
  return { createdAt: times[0], updatedAt: new Date(Math.max(times[0]!.getTime(), times[1]!.getTime())) };
}

/** A planned issue and the board it went to. */
export type WrittenIssue = { issue: PlannedIssue; row: { boardId: number } };

/** Every issue, in file order, as the importer's; `progress(n)` hears how many are written so far. */
export async function writeIssues(
  db: Db,
  target: ImportTarget,
  plan: ImportPlan,
  { boardIds, columnId }: WrittenBoards,
  numberOf: Map<PlannedIssue, number>,
  labelIdsOf: (boardId: number, names: string[]) => number[],
  cycleIds: Map<number, number>,
  progress: (written: number) => void,
) {
  const isMe = importerTest(target);
  const issueRows = plan.boards.flatMap((board, b) =>
    board.columns.flatMap((column, c) => {
      const ranks = evenRanks(column.issues.length);
      return column.issues.map((issue, i) => {
        const number = numberOf.get(issue)!;
        const count = issue.comments.reduce((n, comment) => n + 1 + comment.replies.length, 0);
        return {
          issue,
          row: {
            boardId: boardIds[b]!,
            projectId: target.projectId,
            number,
            key: `${target.projectKey}-${number}`,
            columnId: columnId(b, c),
            title: issue.title,
            description: issue.description,
            ...taskCountColumns(issue.description),
            status: issue.status ?? statusForColumn(column.name),
            rank: ranks[i]!,
            type: issue.type,
            priority: issue.priority,
            reporterId: target.userId,
            // Only the importer is a member yet; others' assignments wait for the importer's word.
            assigneeId: isMe(issue.assignee) ? target.userId : null,
            labelIds: labelIdsOf(boardIds[b]!, issue.labels),
            dueDate: issue.dueDate,
            // A file without a scale keeps no estimates: the new project uses none.
            estimate: plan.estimateScale && plan.estimateScale !== 'none' ? issue.estimate : null,
            commentCount: count,
            relatedCode: issue.relatedCode,
            links: issue.links,
            instructions: issue.instructions,
            cycleId: issue.cycle === null ? null : (cycleIds.get(issue.cycle) ?? null),
            ...fileTimes(issue),
          },
        };
      });
    }),
  );
  const issueId = new Map<PlannedIssue, number>();
  let written = 0;
  for (const part of batches(issueRows)) {
    await letOthersIn();
    const ids = await db
      .insert(issues)
      .values(part.map((p) => p.row))
      .returning({ id: issues.id, key: issues.key });
    const byKey = new Map(ids.map((r) => [r.key, r.id]));
    for (const p of part) issueId.set(p.issue, byKey.get(p.row.key)!);
    written += part.length;
    progress(written);
  }
  return { issueRows, issueId };
}
