import type { BoardUpdatedEvent, IssueDto } from '@trackboard/contracts';
import { answer, fakeApi } from '@trackboard/web-kit/testing';
import { useBoardStore } from '../shared/board-store';
import { board } from './board-fixtures';

// The board store on its own, with the server faked at `fetch` (web-kit's fakeApi).

export const store = () => useBoardStore.getState();

/** The store with board 1 (or `data`) loaded; `routes` answer the calls the test makes next. */
export async function loaded(routes: Parameters<typeof fakeApi>[0] = {}, data = board()) {
  const server = fakeApi({ 'GET /api/boards/1': answer(200, data), ...routes });
  await store().fetchBoard('1');
  return server;
}

/** A board_updated event for board 1, one version past the fixture's. */
export const event = (fields: Partial<BoardUpdatedEvent<IssueDto>>): BoardUpdatedEvent => ({
  boardId: '1',
  version: 6,
  issues: [],
  complete: false,
  ...fields,
});
