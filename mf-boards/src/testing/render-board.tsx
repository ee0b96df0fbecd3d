import type { BoardDto } from '@trackboard/contracts';
import { screen } from '@testing-library/react';
import { answer, fakeApi, type FakeRoute } from '@trackboard/web-kit/src/testing/fake-api';
import { renderRemoteAt } from '@trackboard/web-kit/src/testing/remote-harness';
import BoardApp from '../exposes/board-app';
import { board } from './board-fixtures';
import { installDomPolyfills } from './dom-polyfills';

installDomPolyfills();

/** The board view at /boards/{id}, mounted the way the shell mounts it, with the server faked. */
export async function renderBoard(data: BoardDto = board(), routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({ [`GET /api/boards/${data.id}`]: answer(200, data), ...routes });
  const view = renderRemoteAt(BoardApp, ['boards/*'], `/boards/${data.id}`);
  await screen.findByRole('heading', { level: 1, name: data.name });
  return { server, ...view };
}

/** The card of an issue, by its title. */
export const card = (title: string) => screen.getByRole('button', { name: title });
