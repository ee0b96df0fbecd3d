// The board's state, shared by every feature (docs/decisions/0040-mf-boards-shared-folder.md).
export { useBoardStore } from './board-store';
export type { BoardMeta, BoardProject, BoardState, EditOutcome, NewIssue, UpdateIssue } from './types';
export { applyAnswer } from './apply-answer';
export { boardApi } from './api';
export { offerUndo } from './undo-offers';
export { selectArchived } from './project-slice';
export {
  deleteColumnUndoably,
  deleteCommentUndoably,
  deleteIssueUndoably,
  deleteLabelUndoably,
  moveIssueUndoably,
} from './undoable-changes';
export type { EditField, EditStart } from './edit-start';
export { useBoardRoom } from './use-board-room';
export { useProjectArchived } from './use-project-archived';
export { boardMembership, useBoardMembership, useBoardReadOnly, useReadOnlyReason } from './use-board-access';
