import type { IssueEditBase, IssueFieldChanges } from '@trackboard/contracts';
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

/** What an edit came to: saved, refused by a newer version (409), or failed. */
export type EditOutcome = 'saved' | 'conflict' | 'failed';

/**
 * Where an edit began: the issue's version then, and the fields it changes as they were. The
 * server refuses it (409) only when one of those fields has changed since.
 */
export type EditStart = { version: number; base: IssueEditBase };

/** A change to the open issue; without `startedFrom` it began from the copy shown now (a picker's choice). */
export type UpdateIssue = (changes: IssueFieldChanges, startedFrom?: EditStart) => Promise<EditOutcome>;
