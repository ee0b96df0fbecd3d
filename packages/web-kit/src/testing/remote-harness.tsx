import { render } from '@testing-library/react';
import { StrictMode, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { SWRConfig } from 'swr';
import { onUnauthorized } from '../api/api-client';
import { useSession } from '../session/session-store';

/** Renders a remote's exposed root mounted the way the shell mounts it (e.g. at `boards/*`). */
export function renderRemoteAt(Remote: ComponentType, mounts: string[], url: string, extra?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {mounts.map((mount) => (
          <Route key={mount} path={mount} element={<Remote />} />
        ))}
      </Routes>
      {extra}
    </MemoryRouter>,
  );
}

/** react-router reports mis-nested descendant routes and unmatched paths as warnings: fail on any. */
export function failOnRouterWarnings() {
  let consoleWarn: jest.SpyInstance;
  beforeEach(() => {
    consoleWarn = jest.spyOn(console, 'warn');
  });
  afterEach(() => {
    expect(consoleWarn).not.toHaveBeenCalled();
    consoleWarn.mockRestore();
  });
}

/**
 * The shell around a remote, for each remote's contract test (`npm test -w <remote>`):
 * its 401 handler (session-runtime.tsx), the remote drawn lazily from its default export under
 * its splat routes (as the shell's RemoteRoute loads `<remote>/App`), a fresh swr cache (a page
 * load), and what the host knows: who is signed in and where its router is.
 */
export function renderInHost(RemoteApp: ComponentType, mounts: string[], url: string) {
  function Host() {
    const navigate = useNavigate();
    useEffect(() => onUnauthorized(() => navigate('/login', { replace: true })), [navigate]);
    const signedInAs = useSession((state) => state.user?.name ?? 'nobody');
    return (
      <>
        <output aria-label="host session">{signedInAs}</output>
        <output aria-label="host path">{useLocation().pathname}</output>
        <Routes>
          {mounts.map((mount) => (
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
  return render(
    <StrictMode>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[url]}>
          <Host />
        </MemoryRouter>
      </SWRConfig>
    </StrictMode>,
  );
}
