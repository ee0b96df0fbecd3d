// What the rest of mf-boards may use of the board feature.
export { BoardPage } from './board-page';
export {
  deleteCommentUndoably,
  deleteIssueUndoably,
  deleteLabelUndoably,
  useBoardStore,
  type BoardState,
} from './store';
export { useUndoCommand } from './use-undo-command';
