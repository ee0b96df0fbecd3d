import { create } from 'zustand';
import { createBoardSlice } from './board-slice';
import { createCardSlice } from './card-slice';
import { createColumnSlice } from './column-slice';
import { createCommentsSlice } from './comments-slice';
import { createConnectionSlice } from './connection-slice';
import { createIssueSlice } from './issue-slice';
import { createProjectSlice } from './project-slice';
import type { BoardState } from './types';

// The board state (spec §3 "Board state", §4.5–§4.9, §5, §8.4): one zustand store inside
// mf-boards (blueprint §5), bound from its slices. Components read it; only its actions talk
// to the server, and the rules they follow are pure functions (board-model, comment-tree).
export const useBoardStore = create<BoardState>()((...store) => ({
  ...createBoardSlice(...store),
  ...createCardSlice(...store),
  ...createColumnSlice(...store),
  ...createIssueSlice(...store),
  ...createCommentsSlice(...store),
  ...createConnectionSlice(...store),
  ...createProjectSlice(...store),
}));
