import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, renderInHost } from '@trackboard/web-kit/testing';
import { ada, board } from '../testing/board-fixtures';

// The contract between this remote and the shell, run in the team's own pipeline
// (`npm test -w mf-boards`): what webpack.config.js exposes as ./App is a module whose default
// export draws its first screen inside a host built like the shell, using the host's react,
// react-router, zustand and web-kit (Module Federation shares them as singletons).

// As the shell's RemoteRoute loads `mf_boards/App`: a lazy module, drawn from its default export.
const RemoteApp = lazy(() => import('./board-app'));
// jest compiles the remote's module graph on its first import: before the screens' timeouts start.
beforeAll(() => import('./board-app'));

const openInHost = (url: string) => renderInHost(RemoteApp, ['boards/*'], url);

beforeEach(() => {
  localStorage.clear();
  // The host's sign-in, through the shared session store.
  useSession.getState().signIn('host-token', ada);
});

describe('mf_boards in the shell (contract)', () => {
  it('draws the board of the host URL under its mount, named and versioned at its root', async () => {
    const gateway = fakeApi({ 'GET /api/boards/42': answer(200, board(undefined, { id: '42', name: 'Board 42' })) });
    openInHost('/boards/42');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Board 42');
    const root = screen.getByRole('main', { name: 'remote' }).firstElementChild;
    expect(root).toHaveAttribute('data-remote', 'mf_boards');
    expect(root).toHaveAttribute('data-remote-version', 'test');
    // The remote's API client sends the session the host signed in.
    expect(gateway.callsTo('GET /api/boards/42')[0]?.headers.Authorization).toBe('Bearer host-token');
  });

  it("hands a session the gateway refuses back to the host's store and router", async () => {
    fakeApi({ 'GET /api/boards/42': answer(401, { message: 'Unauthorized' }) });
    openInHost('/boards/42');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('host path')).toHaveTextContent('/login');
    expect(screen.getByLabelText('host session')).toHaveTextContent('nobody');
  });
});
