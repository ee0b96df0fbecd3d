import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, renderInHost } from '@trackboard/web-kit/testing';
import { bob, projectDto } from '../testing/render-projects';

// The contract between this remote and the shell, run in the team's own pipeline
// (`npm test -w mf-projects`): what webpack.config.js exposes as ./App is a module whose default
// export draws its first screen inside a host built like the shell, using the host's react,
// react-router, zustand and web-kit (Module Federation shares them as singletons).

// As the shell's RemoteRoute loads `mf_projects/App`: a lazy module, drawn from its default export.
const RemoteApp = lazy(() => import('./projects-app'));
// jest compiles the remote's module graph on its first import: before the screens' timeouts start.
beforeAll(() => import('./projects-app'));

const openInHost = (url: string) => renderInHost(RemoteApp, ['projects/*', 'board/*'], url);

beforeEach(() => {
  // The host's sign-in, through the shared session store.
  useSession.getState().signIn('host-token', { ...bob, status: 'ACTIVE', role: 'user', isAdmin: false });
});

describe('mf_projects in the shell (contract)', () => {
  it('draws the project list under its mount, named and versioned at its root', async () => {
    const gateway = fakeApi({ 'GET /api/projects': answer(200, [projectDto()]) });
    openInHost('/projects');

    expect(await screen.findByText('Web Platform')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Projects');
    const root = screen.getByRole('main', { name: 'remote' }).firstElementChild;
    expect(root).toHaveAttribute('data-remote', 'mf_projects');
    expect(root).toHaveAttribute('data-remote-version', 'test');
    // The remote's API client sends the session the host signed in.
    expect(gateway.callsTo('GET /api/projects')[0]?.headers.Authorization).toBe('Bearer host-token');
  });

  it("hands a session the gateway refuses back to the host's store and router", async () => {
    fakeApi({ 'GET /api/projects': answer(401, { message: 'Unauthorized' }) });
    openInHost('/projects');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('host path')).toHaveTextContent('/login');
    expect(screen.getByLabelText('host session')).toHaveTextContent('nobody');
  });
});
