// What the rest of mf-boards may use of the board filter.
export { FilterBar } from './filter-bar';
export { useFilteredBoard } from './use-board-filter';
