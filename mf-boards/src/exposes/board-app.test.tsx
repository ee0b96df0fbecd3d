import { screen } from '@testing-library/react';
import { answer, failOnRouterWarnings, fakeApi, renderRemoteAt } from '@trackboard/web-kit/testing';
import { board, signInAs, ada } from '../testing/board-fixtures';
import BoardApp from './board-app';

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(BoardApp, ['boards/*'], url);

failOnRouterWarnings();

beforeEach(() => {
  signInAs(ada);
});

describe('mf_boards routes', () => {
  it('/boards/:boardId draws that board', async () => {
    const server = fakeApi({ 'GET /api/boards/42': answer(200, board(undefined, { id: '42', name: 'Board 42' })) });
    const { container } = renderAt('/boards/42');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Board 42');
    expect(container.querySelector('[data-remote="mf_boards"]')).not.toBeNull();
    expect(server.callsTo('GET /api/boards/42')).toHaveLength(1);
  });

  it.each(['/boards', '/boards/42/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});
