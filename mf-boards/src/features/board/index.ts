// What the rest of mf-boards may use of the board feature.
export { BoardPage } from './board-page';
export { useBoardStore, type BoardState } from './store';
