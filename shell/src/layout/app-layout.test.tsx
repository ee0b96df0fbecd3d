import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport, resizeViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../testing/render-shell';

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const toggle = () => screen.getByRole('button', { name: /navigation/ });
const header = () => screen.getByRole('banner');

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  // The dashboard's own data never arrives: these tests are about the frame around it.
  server = fakeApi({ 'POST /api/auth/logout': answer(204), 'GET /api/dashboard': heldAnswer().route });
  signInAs();
});

describe('app shell on a wide screen', () => {
  beforeEach(() => installViewport(1280));

  it('opens the sidebar at 200px by default and collapses it to 54px with the toggle', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(sidebar()).toHaveStyle({ width: '200px' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(toggle());
    expect(sidebar()).toHaveStyle({ width: '54px' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, the rail keeps its links (icons) with their names.
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    fireEvent.click(toggle());
    expect(sidebar()).toHaveStyle({ width: '200px' });
  });

  it('holds every word the search button shows in its name (WCAG 2.5.3); the Ctrl K hint sits beside it', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const search = within(header()).getByRole('button', { name: 'Search and commands' });
    // What speech input users would say is what they see: "Search…", a word of the name.
    expect(search).toHaveTextContent(/^Search…$/);
    expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    const keys = within(header()).getByText('Ctrl K');
    expect(search).not.toContainElement(keys);
    expect(keys).toHaveAttribute('aria-hidden', 'true');
  });

  it('lets the keyboard reach the scrolling page, so a page with nothing to focus still scrolls (axe: scrollable-region-focusable)', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '0');
  });

  it('lists Dashboard, Projects, Profile and Logout, but User Approval only for an admin', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'User Approval' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Moderation Log' })).not.toBeInTheDocument();

    act(() => useSession.getState().signIn('t0ken', { id: '1', email: 'root@example.com', role: 'admin' }));
    expect(nav.getByRole('link', { name: 'User Approval' })).toHaveAttribute('href', '/admin/user-approval');
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(nav.getByRole('link', { name: 'Moderation Log' })).toHaveAttribute('href', '/admin/moderation-log');
  });

  it('shows User Approval for a user with the isAdmin flag', async () => {
    useSession.getState().signIn('t0ken', { id: '2', email: 'boss@example.com', role: 'user', isAdmin: true });
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(sidebar()).getByRole('link', { name: 'User Approval' })).toBeInTheDocument();
  });

  it('marks Projects as the current page on project, board and board-redirect paths', async () => {
    for (const path of ['/projects', '/projects/WEB', '/boards/12', '/board/WEB']) {
      const { unmount } = renderShell(path);
      expect(within(sidebar()).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
      expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
      await screen.findByRole('heading', { level: 1, name: /at/ });
      unmount();
    }
  });

  it('titles the header from the path, "App" when nothing matches', async () => {
    const cases: Array<[string, string]> = [
      ['/dashboard', 'Dashboard'],
      ['/projects', 'Projects'],
      ['/boards/3', 'Board'],
      ['/profile', 'Profile'],
      ['/nope', 'App'],
    ];
    for (const [path, title] of cases) {
      const { unmount } = renderShell(path);
      expect(header()).toHaveTextContent(title);
      await screen.findAllByRole('heading', { level: 1 });
      unmount();
    }
  });

  it('stops the main area scrolling vertically on board paths only', async () => {
    const board = renderShell('/boards/3');
    expect(screen.getByRole('main')).toHaveStyle({ overflowY: 'hidden' });
    await screen.findByRole('heading', { name: /mf_boards/ });
    board.unmount();

    renderShell('/dashboard');
    expect(screen.getByRole('main')).not.toHaveStyle({ overflowY: 'hidden' });
    await screen.findByRole('heading', { name: 'Dashboard' });
  });

  it('tells the board view (/boards/ID) from the project redirect (/board/KEY) and look-alike paths', async () => {
    for (const [path, hidden] of [
      ['/boards/3', true],
      ['/boards/3/issues/WEB-7', true],
      ['/board/WEB', false],
      ['/boardroom', false],
    ] as const) {
      const view = renderShell(path);
      const main = screen.getByRole('main');
      if (hidden) expect(main).toHaveStyle({ overflowY: 'hidden' });
      else expect(main).not.toHaveStyle({ overflowY: 'hidden' });
      await screen.findAllByRole('heading', { level: 1 });
      view.unmount();
    }
  });

  it('logs out: forgets the session and goes to /login', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/logout')[0]!.headers.Authorization).toBe('Bearer t0ken');
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('app shell below 768px', () => {
  beforeEach(() => installViewport(600));

  it('keeps the sidebar closed by default and opens it as an overlay over a dark backdrop', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle());
    expect(sidebar()).toHaveStyle({ width: '200px' });
    expect(screen.getByTestId('sidebar-backdrop')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('closes the overlay after navigating from it, and on Escape', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(toggle());
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();

    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('returns to the wide layout (open, no backdrop) when the screen grows past the breakpoint', async () => {
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => resizeViewport(1024));
    expect(sidebar()).toHaveStyle({ width: '200px' });
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();

    act(() => resizeViewport(500));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
