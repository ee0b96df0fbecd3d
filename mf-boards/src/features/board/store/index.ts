export { useBoardStore } from './board-store';
export type { BoardMeta } from './board-slice';
export type { NewIssue } from './card-slice';
export type { BoardState } from './types';
export { selectArchived, type BoardProject } from './project-slice';
export {
  deleteColumnUndoably,
  deleteCommentUndoably,
  deleteIssueUndoably,
  deleteLabelUndoably,
  moveIssueUndoably,
} from './undoable-changes';
export type { EditField } from './edit-start';
