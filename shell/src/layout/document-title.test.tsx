import { screen, waitFor } from '@testing-library/react';
import type { RemoteName } from '@trackboard/contracts';
import { useDocumentTitle, useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { fakeRemoteApp, renderShell, signInAs } from '../testing/render-shell';

// Every tab read "Trackboard". Each route names its page first.

beforeEach(() => {
  installViewport(1280);
  document.title = 'Trackboard';
  fakeApi({ 'GET /api/dashboard': heldAnswer().route, 'GET /api/users/profile': heldAnswer().route });
});

describe('document titles of the signed-in app', () => {
  beforeEach(() => signInAs());

  it.each([
    ['/dashboard', 'Dashboard · Trackboard'],
    ['/projects', 'Projects · Trackboard'],
    ['/projects/WEB', 'Project Details · Trackboard'],
    ['/boards/3', 'Board · Trackboard'],
    ['/profile', 'Profile · Trackboard'],
    ['/nope', 'Page not found · Trackboard'],
  ])('%s is titled "%s" until the page knows better', async (path, title) => {
    renderShell(path);
    await screen.findAllByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the name a remote gives its page (the board name) over the route fallback', async () => {
    const load = jest.fn(async (name: RemoteName) =>
      name === 'mf_boards'
        ? {
            default: function NamedBoard() {
              useDocumentTitle('Website Relaunch Board');
              return <h1>Website Relaunch Board</h1>;
            },
          }
        : fakeRemoteApp(name),
    );
    renderShell('/boards/3', load);
    await screen.findByRole('heading', { level: 1, name: 'Website Relaunch Board' });
    expect(document.title).toBe('Website Relaunch Board · Trackboard');
    // The in-page header keeps the spec's title (§2.14).
    expect(screen.getByRole('banner')).toHaveTextContent('Board');
  });
});

describe('document titles of the public pages', () => {
  beforeEach(() => useSession.getState().signOut());

  it.each([
    ['/login', 'Sign In', 'Sign in · Trackboard'],
    ['/register', 'Create Account', 'Create account · Trackboard'],
    ['/not-authorized', '403 - Not Authorized', 'Not authorized · Trackboard'],
    ['/invitations/tok-1', 'Invitation', 'Invitation · Trackboard'],
  ])('%s is titled for what it shows', async (path, heading, title) => {
    fakeApi({ 'POST /api/auth/login': answer(401, {}) });
    renderShell(path);
    await screen.findByRole('heading', { name: heading });
    expect(document.title).toBe(title);
  });

  it('titles the pending-approval page', async () => {
    signInAs({ id: 'u-2', email: 'wait@example.com', status: 'PENDING_APPROVAL' });
    renderShell('/pending-approval');
    await screen.findByRole('heading', { name: 'Account Pending Approval' });
    expect(document.title).toBe('Awaiting approval · Trackboard');
  });
});
