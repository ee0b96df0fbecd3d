import { fireEvent, screen, within } from '@testing-library/react';
import type { RemoteName } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, loadFakeRemotes, renderShell, signInAs } from '../testing/render-shell';

const sidebar = () => screen.queryByRole('complementary', { name: 'Sidebar' });

beforeEach(() => {
  installViewport(1280);
  fakeApi();
  signInAs();
});

describe('route map', () => {
  it('sends / to the dashboard', async () => {
    renderShell('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
  });

  it('draws the 404 page inside the shell for an unknown path, with a way home', async () => {
    renderShell('/nope/deeper');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
  });

  it('draws the 403 page at /not-authorized, outside the shell, linking to the dashboard', async () => {
    renderShell('/not-authorized');
    expect(screen.getByRole('heading', { name: '403 - Not Authorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have the necessary permissions to access this page.')).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign In'],
    ['/register', 'Create Account'],
    ['/verify-email', 'Verify Email'],
    ['/request-verification', 'Email Verification Required'],
    ['/not-authorized', '403 - Not Authorized'],
    ['/invitations/tok-1', 'Invitation'],
  ])('draws the public screen %s without the shell, signed out too', async (path, title) => {
    useSession.getState().signOut();
    renderShell(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('draws /pending-approval without the shell', async () => {
    signInAs({ id: 'u-2', email: 'wait@example.com', status: 'PENDING_APPROVAL' });
    renderShell('/pending-approval');
    expect(await screen.findByRole('heading', { name: 'Account Pending Approval' })).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
  });

  it.each([
    ['/dashboard'],
    ['/profile'],
    ['/projects'],
    ['/boards/3'],
    ['/admin/user-approval'],
    ['/pending-approval'],
    ['/nope'],
  ])('sends a signed-out visitor from %s to /login', async (path) => {
    useSession.getState().signOut();
    renderShell(path);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/);
  });

  it('draws the profile screen inside the shell', async () => {
    renderShell('/profile');
    expect(await screen.findByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });

  it.each<[string, RemoteName]>([
    ['/projects', 'mf_projects'],
    ['/projects/WEB', 'mf_projects'],
    ['/board/WEB', 'mf_projects'],
    ['/boards/12', 'mf_boards'],
    ['/admin', 'mf_admin'],
    ['/admin/user-approval', 'mf_admin'],
    ['/admin/anything', 'mf_admin'],
  ])('hands %s to %s, inside the shell', async (path, remote) => {
    signInAs({ ...activeUser, role: 'admin' });
    const load = jest.fn(loadFakeRemotes);
    renderShell(path, load);
    const heading = await screen.findByRole('heading', { name: `${remote} at ${path}` });
    expect(heading.closest(`[data-remote="${remote}"]`)).not.toBeNull();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBe(heading);
    expect(sidebar()).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(remote);
  });

  it('loads a remote once for both of its mounts', async () => {
    const load = jest.fn(loadFakeRemotes);
    renderShell('/projects', load);
    await screen.findByRole('heading', { name: 'mf_projects at /projects' });

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('link', { name: 'Projects' }));
    await screen.findByRole('heading', { name: 'mf_projects at /projects' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
