import type { BoardDto, IssueDto } from '@trackboard/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { answer, fakeApi, type FakeRoute, renderRemoteAt } from '@trackboard/web-kit/testing';
import BoardApp from '../exposes/board-app';
import { board, issue } from './board-fixtures';
import { installDomPolyfills } from './dom-polyfills';

installDomPolyfills();

/** The board view at /boards/{id}, mounted the way the shell mounts it, with the server faked. */
export async function renderBoard(data: BoardDto = board(), routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({ [`GET /api/boards/${data.id}`]: answer(200, data), ...routes });
  const view = renderRemoteAt(BoardApp, ['boards/*'], `/boards/${data.id}`);
  await screen.findByRole('heading', { level: 1, name: data.name });
  return { server, ...view };
}

/** The card of an issue, by its title: its focusable button, which holds the title alone. */
export const card = (title: string) => screen.getByRole('button', { name: title });

/** The whole card around that button: the face with key, icons, labels, due date and assignee. */
export const cardBox = (title: string) => card(title).closest<HTMLElement>('[data-card]')!;

/** A column of the board, by its name. */
export const column = (name: string) => screen.getByRole('region', { name });

/** "Write the spec" (the issue with id 1, To Do) as GET /issues/1 answers it, with `fields` changed. */
export const loadedIssue = (fields: Partial<IssueDto> = {}) =>
  issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 3, ...fields });

/** The board with "Write the spec" opened in the dialog. */
export async function openIssue(fields: Partial<IssueDto> = {}, routes: Record<string, FakeRoute> = {}) {
  const rendered = await renderBoard(undefined, {
    'GET /api/issues/1': answer(200, loadedIssue(fields)),
    'GET /api/issues/1/comments': answer(200, []),
    ...routes,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 3, name: 'Owner' });
  return { ...rendered, dialog };
}
