// What the rest of mf-boards may use of the board feature: the page, its commands, and the column
// and banner parts the board settings screen draws as the board does. The board's state is
// shared/board-store (docs/decisions/0040-mf-boards-shared-folder.md).
export { ReadOnlyBanner } from './read-only-banner';
export { BoardPage } from './board-page';
export { AddColumn } from './components/add-column';
export { ColumnHeader } from './components/column-header';
export { dndPipeline, MultiBackend } from './components/dnd-backend';
export { useBoardCommands } from './use-board-commands';
export { useUndoCommand } from './use-undo-command';
// The card parts the swimlanes draw as the board does (features/swimlanes: a column's cards split by lane).
export { CardList } from './components/card-list';
export { ISSUE_ITEM, IssueCard, type DraggedIssue } from './components/issue-card';
export { TouchDragPreview } from './components/touch-drag-preview';
export { currentCardIndex, useCardFocus } from './components/use-card-focus';
export { useKeyboardDrag } from './components/use-keyboard-drag';
export { useReturnFocus } from './components/use-return-focus';
export { COLUMN_ITEM, type DraggedColumn } from './components/column-header';
export { useCanArrange } from './use-can-arrange';
