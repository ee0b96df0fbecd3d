import type { StateCreator } from 'zustand';
import type { BoardSlice } from './board-slice';
import type { CardSlice } from './card-slice';
import type { ColumnSlice } from './column-slice';
import type { CommentsSlice } from './comments-slice';
import type { ConnectionSlice } from './connection-slice';
import type { IssueSlice } from './issue-slice';
import type { ProjectSlice } from './project-slice';

/** The board state (spec §3 "Board state"): one store, its concerns in slices. */
export type BoardState = BoardSlice &
  CardSlice &
  ColumnSlice &
  IssueSlice &
  CommentsSlice &
  ConnectionSlice &
  ProjectSlice;

/** A slice reads and writes the whole store (zustand's slices pattern): the concerns touch each other. */
export type BoardSliceCreator<Slice> = StateCreator<BoardState, [], [], Slice>;
