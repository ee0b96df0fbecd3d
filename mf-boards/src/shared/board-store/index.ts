// The board's state, shared by every feature (docs/decisions/0040-mf-boards-shared-folder.md).
export { useBoardStore } from './board-store';
export type { BoardMeta } from './board-slice';
export type { NewIssue } from './card-slice';
export type { BoardState, EditOutcome, EditStart, UpdateIssue } from './types';
export { selectArchived, type BoardProject } from './project-slice';
export {
  deleteColumnUndoably,
  deleteCommentUndoably,
  deleteIssueUndoably,
  deleteLabelUndoably,
  moveIssueUndoably,
} from './undoable-changes';
export type { EditField } from './edit-start';
export { useBoardRoom } from './use-board-room';
export { useProjectArchived } from './use-project-archived';
