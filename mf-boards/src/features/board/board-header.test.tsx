import { screen, waitFor } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { fakeIo, openedSockets } from '@trackboard/web-kit/src/socket/fake-socket';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/src/testing/fake-api';
import { renderRemoteAt } from '@trackboard/web-kit/src/testing/remote-harness';
import BoardApp from '../../exposes/board-app';
import { ada, board, resetBoardStore, signInAs } from '../../testing/board-fixtures';

jest.mock('socket.io-client', () => ({ io: jest.fn((options: Record<string, unknown>) => fakeIo(options)) }));

const relaunch = board(undefined, { name: 'Website Relaunch Board' });

beforeEach(() => {
  resetBoardStore();
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  document.title = 'Trackboard';
});

describe('the board page in the browser tab (issue 16, bug 9)', () => {
  it('is titled with the board name once the board is loaded', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/boards/1': held.route });
    const view = renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    expect(document.title).toBe('Trackboard');

    held.release(answer(200, relaunch));
    await screen.findByRole('heading', { level: 1, name: 'Website Relaunch Board' });
    expect(document.title).toBe('Website Relaunch Board · Trackboard');

    view.unmount();
    await waitFor(() => expect(document.title).toBe('Trackboard'));
  });
});
