import {
  BULK_EDIT_MAX_ISSUES,
  type BulkEditBody,
  type BulkEditResult,
  type BulkIssueValuesBody,
  type IssueDto,
} from '@trackboard/contracts';
import { ApiError, errorReason, showToast } from '@trackboard/web-kit';
import { applyAnswer, boardApi, offerUndo, useBoardStore } from '../../shared/board-store';
import { useIssueSelection } from '../../shared/issue-selection';
import { bulkTexts } from './bulk-texts';

/** A change the bar makes to every picked issue: the same fields, or labels added or removed. */
export type BulkChange = Pick<BulkEditBody, 'set' | 'labels'>;

const store = useBoardStore.getState;

/** The picked issues still on the board, in the board's order (column, then place in it). */
export function pickedIssues(): IssueDto[] {
  const picked = new Set(useIssueSelection.getState().ids);
  const columnAt = new Map(store().columnMeta.map((column, index) => [column.id, index]));
  const at = (issue: IssueDto) => columnAt.get(issue.columnId ?? '') ?? Infinity;
  return store()
    .issues.filter((issue) => picked.has(issue.id))
    .sort((a, b) => at(a) - at(b) || a.position - b.position);
}

/** What puts one issue back as it was before `change`: only the fields it touched. */
function undoValues(issue: IssueDto, change: BulkChange): BulkIssueValuesBody {
  const set = change.set ?? {};
  return {
    ...(set.columnId !== undefined &&
      issue.columnId !== null && { columnId: issue.columnId, position: issue.position }),
    ...(set.assigneeId !== undefined && { assigneeId: issue.assigneeId }),
    ...(set.priority !== undefined && { priority: issue.priority }),
    ...(set.type !== undefined && { type: issue.type }),
    ...(set.dueDate !== undefined && { dueDate: issue.dueDate }),
    ...(set.estimate !== undefined && { estimate: issue.estimate }),
    ...(set.cycleId !== undefined && { cycleId: issue.cycleId }),
    ...(change.labels && { labelIds: issue.labelIds }),
  };
}

/** The answer on the board as the store takes its own changes (its echo is skipped). */
function applyResult(boardId: string, result: BulkEditResult): void {
  const [first, ...rest] = [...result.updated, ...result.rebalanced];
  if (first) applyAnswer(boardId, { ...first, boardVersion: result.boardVersion, rebalanced: rest });
}

/** A refusal in a toast; a 409 (some changed meanwhile) brings the board up to date first. */
function refused(error: unknown): void {
  if (error instanceof ApiError && error.status === 409) store().refreshBoard();
  showToast({ text: errorReason(error, bulkTexts.failed), tone: 'error' });
}

/** Sends `change` for every picked issue, with the versions the board shows; Undo puts each back. */
export async function changePicked(change: BulkChange): Promise<void> {
  const board = store().board;
  const issues = pickedIssues();
  if (!board || issues.length === 0) return;
  if (issues.length > BULK_EDIT_MAX_ISSUES) {
    showToast({ text: bulkTexts.tooMany(BULK_EDIT_MAX_ISSUES), tone: 'error' });
    return;
  }
  const ids = issues.map((issue) => issue.id);
  const each = Object.fromEntries(issues.map((issue) => [issue.id, undoValues(issue, change)]));
  let result: BulkEditResult;
  try {
    result = await boardApi.bulkEdit({
      ids,
      versions: Object.fromEntries(issues.map((issue) => [issue.id, issue.version])),
      ...change,
    });
  } catch (error) {
    return refused(error);
  }
  applyResult(board.id, result);
  offerUndo(bulkTexts.changed(ids.length), async () => {
    applyResult(board.id, await boardApi.bulkEdit({ ids, each }));
  });
}

/** Deletes every picked issue; Undo restores each, first to last, so each is back in its place. */
export async function deletePicked(): Promise<void> {
  const board = store().board;
  const ids = pickedIssues().map((issue) => issue.id);
  if (!board || ids.length === 0) return;
  try {
    await boardApi.bulkEdit({ ids, delete: true });
  } catch (error) {
    return refused(error);
  }
  useIssueSelection.setState({ ids: [], anchor: null });
  store().refreshBoard();
  offerUndo(bulkTexts.deleted(ids.length), async () => {
    for (const id of ids) applyAnswer(board.id, await boardApi.restoreIssue(id));
  });
}
