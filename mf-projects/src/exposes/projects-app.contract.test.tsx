import { render, screen } from '@testing-library/react';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { SWRConfig } from 'swr';
import { onUnauthorized, useSession } from '@trackboard/web-kit';
import { answer, fakeApi } from '@trackboard/web-kit/src/testing/fake-api';
import { bob, projectDto } from '../testing/render-projects';

// The contract between this remote and the shell, run in the team's own pipeline
// (`npm test -w mf-projects`): what webpack.config.js exposes as ./App is a module whose default
// export draws its first screen inside a host built like the shell, using the host's react,
// react-router, zustand and web-kit (Module Federation shares them as singletons).

// As the shell's RemoteRoute loads `mf_projects/App`: a lazy module, drawn from its default export.
const RemoteApp = lazy(() => import('./projects-app'));
// jest compiles the remote's module graph on its first import: before the screens' timeouts start.
beforeAll(() => import('./projects-app'));

/**
 * The shell around a remote: its 401 handler (session-runtime.tsx), the remote under its splat
 * routes (this one owns two trees, /projects and /board).
 */
function Host() {
  const navigate = useNavigate();
  useEffect(() => onUnauthorized(() => navigate('/login', { replace: true })), [navigate]);
  const signedInAs = useSession((state) => state.user?.name ?? 'nobody');
  return (
    <>
      <output aria-label="host session">{signedInAs}</output>
      <output aria-label="host path">{useLocation().pathname}</output>
      <Routes>
        {['projects/*', 'board/*'].map((mount) => (
          <Route
            key={mount}
            path={mount}
            element={
              <main aria-label="remote">
                <Suspense fallback={<p role="status">Loading…</p>}>
                  <RemoteApp />
                </Suspense>
              </main>
            }
          />
        ))}
        <Route path="login" element={<h1>Sign in</h1>} />
      </Routes>
    </>
  );
}

const openInHost = (url: string) =>
  render(
    <StrictMode>
      {/* Each test is a fresh page load: a cache of its own. */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[url]}>
          <Host />
        </MemoryRouter>
      </SWRConfig>
    </StrictMode>,
  );

beforeEach(() => {
  localStorage.clear();
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
