import type { LabelDto } from '@trackboard/contracts';
import { ApiError } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import { applyAnswer } from './apply-answer';
import type { MoveRequest } from './board-model';
import { useBoardStore } from './board-store';
import { offerUndo } from './undo-offers';

// The board's changes that offer an Undo (undo-offers.ts): each runs the store's own action, and
// once that went through, offers the way back through the existing API. A deleted issue or
// comment is restored by the server (it keeps them restorable for a while); a deleted column or
// label is made again, and what it held put back in it; a moved card is moved back.

const store = useBoardStore.getState;

/** `call`'s answer, or undefined when what it changes was deleted meanwhile (404): an undo puts back what is left. */
async function unlessGone<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Deletes the issue (the dialog's Delete Issue); Undo brings it back where it was, with its comments. */
export async function deleteIssueUndoably(issueId: string): Promise<void> {
  const before = store();
  const issue = before.issues.find((known) => known.id === issueId);
  const board = before.board;
  await before.deleteIssue(issueId);
  // Refused, or no answer: the issue is still on the board, and there is nothing to undo.
  if (!issue || !board || store().issues.some((known) => known.id === issueId)) return;
  offerUndo(uiMessages.issueDeleted(issue.key || issue.title), async () =>
    applyAnswer(board.id, await boardApi.restoreIssue(issueId)),
  );
}

/** Deletes the comment and its replies; Undo brings them back. */
export async function deleteCommentUndoably(issueId: string, commentId: string): Promise<void> {
  await store().deleteComment(issueId, commentId);
  if (store().commentError !== null) return;
  offerUndo(uiMessages.commentDeleted, async () => {
    await boardApi.restoreComment(commentId);
    if (store().selectedIssueId === issueId) await store().refreshComments();
  });
}

/** Moves the card (a drag, or the keyboard); Undo moves it back to the column and place it left. */
export async function moveIssueUndoably(move: MoveRequest): Promise<void> {
  const before = store();
  const moving = before.issues.find((issue) => issue.id === move.issueId);
  const board = before.board;
  const from = moving?.columnId ? { columnId: moving.columnId, position: moving.position } : null;
  await before.moveIssue(move);
  const after = store();
  // Refused (the error box says so), kept to be sent once the connection is back (its outcome is
  // not known yet), or never sent (dropped in place).
  const kept = after.queuedMoves.some((queued) => queued.issueId === move.issueId);
  if (!moving || !from || after.board?.id !== board?.id || kept || after.offline || after.error !== before.error)
    return;
  if (from.columnId === move.destinationColumnId && from.position === move.newPosition) return;
  const column = after.columnMeta.find((known) => known.id === move.destinationColumnId)?.name ?? '';
  offerUndo(uiMessages.cardMoved(moving.title, column), async () => {
    const now = store().issues.find((issue) => issue.id === move.issueId);
    if (!now?.columnId) return;
    await store().moveIssue({
      issueId: move.issueId,
      sourceColumnId: now.columnId,
      destinationColumnId: from.columnId,
      newPosition: from.position,
    });
  });
}

/**
 * Deletes the column, its issues going to `targetColumnId` (delete-column-form.tsx); Undo makes
 * it again with its name and WIP limit where it stood, and moves back the issues it held, in
 * their order (any deleted meanwhile stay deleted). Resolves as the store's deleteColumn does.
 */
export async function deleteColumnUndoably(columnId: string, targetColumnId?: string): Promise<string | null> {
  const before = store();
  const board = before.board;
  const at = before.columnMeta.findIndex((column) => column.id === columnId);
  const column = before.columnMeta[at];
  const held = before.columns.find((known) => known.id === columnId)?.issues.map((issue) => issue.id) ?? [];
  const refused = await before.deleteColumn(columnId, targetColumnId);
  if (refused !== null || !board || !column) return refused;
  offerUndo(uiMessages.columnDeleted(column.name), async () => {
    const made = await boardApi.createColumn(board.id, column.name, { position: at, wipLimit: column.wipLimit });
    try {
      for (const [position, issueId] of held.entries()) {
        const sourceColumnId = store().issues.find((issue) => issue.id === issueId)?.columnId ?? targetColumnId;
        if (!sourceColumnId) continue;
        await unlessGone(
          boardApi.moveIssue(issueId, { sourceColumnId, destinationColumnId: made.id, position, boardId: board.id }),
        );
      }
    } finally {
      if (store().board?.id === board.id) store().refreshBoard();
    }
  });
  return null;
}

/**
 * Deletes a label by `remove` (the board settings' delete, resolving null once done or the reason
 * it was refused); Undo makes it again, same name and colour, and puts it back on the issues
 * that carried it. Resolves as `remove` does.
 */
export async function deleteLabelUndoably(
  label: LabelDto,
  remove: () => Promise<string | null>,
): Promise<string | null> {
  const before = store();
  const board = before.board;
  const carriers = before.issues.filter((issue) => issue.labelIds.includes(label.id)).map((issue) => issue.id);
  const refused = await remove();
  if (refused !== null || !board) return refused;
  offerUndo(uiMessages.labelDeleted(label.name), async () => {
    const made = await store().createLabel(label.name, label.color);
    if ('error' in made) throw new Error(made.error);
    for (const issueId of carriers) {
      const issue = store().issues.find((known) => known.id === issueId);
      if (!issue || issue.labelIds.includes(made.id)) continue;
      // The old id goes too: the echo that takes it off the issue may not have come yet.
      const labelIds = [...issue.labelIds.filter((id) => id !== label.id), made.id];
      const answer = await unlessGone(boardApi.updateIssue(issueId, { labelIds }));
      if (answer) applyAnswer(board.id, answer);
    }
  });
  return null;
}
