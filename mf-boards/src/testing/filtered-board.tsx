import { fireEvent, screen, within } from '@testing-library/react';
import type { BoardDto } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute, renderRemoteAt } from '@trackboard/web-kit/testing';
import { useLocation, useNavigate } from 'react-router';
import BoardApp from '../exposes/board-app';
import { board, issue } from './board-fixtures';
import { installDomPolyfills } from './dom-polyfills';

// The board filter's web tests: a board with people, labels and accents, mounted as the shell
// mounts it, with the address and the browser's Back/Forward beside it.

installDomPolyfills();

/** To Do: Write the spec (Ada, High, Backend), Draw the board (Grace, Bug), Crème brûlée, Write the tests (Ada); In Progress: Build the API (Grace, Frontend). */
export const filterBoard = (): BoardDto =>
  board(
    [
      issue({
        id: '1',
        columnId: '10',
        position: 0,
        title: 'Write the spec',
        assigneeId: '7',
        priority: 'HIGH',
        labelIds: ['31'],
      }),
      issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', assigneeId: '8', type: 'BUG' }),
      issue({ id: '4', columnId: '10', position: 2, title: 'Crème brûlée' }),
      issue({ id: '5', columnId: '10', position: 3, title: 'Write the tests', assigneeId: '7' }),
      issue({ id: '3', columnId: '11', position: 0, title: 'Build the API', assigneeId: '8', labelIds: ['32'] }),
    ],
    {
      labels: [
        { id: '31', boardId: '1', name: 'Backend', color: 'blue' },
        { id: '32', boardId: '1', name: 'Frontend', color: 'green' },
      ],
    },
  );

function Browser() {
  const [location, navigate] = [useLocation(), useNavigate()];
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

export async function openFiltered(url = '/boards/1', routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({ 'GET /api/boards/1': answer(200, filterBoard()), ...routes });
  renderRemoteAt(BoardApp, ['boards/*'], url, <Browser />);
  await screen.findByText('Web board', { selector: 'h1' });
  return server;
}

export const address = () => screen.getByTestId('address').textContent;
export const browser = (button: 'back' | 'forward') => fireEvent.click(screen.getByText(`Browser ${button}`));
export const filterBox = () => screen.getByRole('searchbox', { name: 'Filter issues' });
export const typeFilter = (text: string) => fireEvent.change(filterBox(), { target: { value: text } });
/** The "Showing N of M issues" line, or null while it is empty. */
export const showing = () => screen.queryByText(/^Showing \d/)?.textContent ?? null;
export const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('data-issue-id'))
    .map((b) => document.getElementById(b.getAttribute('aria-labelledby')!)!.textContent);
