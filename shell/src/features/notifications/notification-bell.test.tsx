import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationDto } from '@trackboard/contracts';
import { socketManager, useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, lastSocket, openedSockets } from '@trackboard/web-kit/testing';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';
import { resetNotifications } from './notification-store';

installDomPolyfills();

// The top bar's bell, its live count and its panel.

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const note = (id: string, fields: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  kind: 'assigned',
  issueId: '5',
  issueKey: 'WEB-5',
  projectKey: 'WEB',
  title: 'Fix the login',
  excerpt: '',
  actor: { id: '2', name: 'Grace Hopper' },
  createdAt: minutesAgo(5),
  readAt: null,
  ...fields,
});

const countPath = 'GET /api/notifications?unread=true&limit=1';
const pagePath = 'GET /api/notifications?limit=20';
const list = (notifications: NotificationDto[], unreadCount = notifications.filter((n) => !n.readAt).length) =>
  answer(200, { notifications, unreadCount });

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  resetNotifications();
  socketManager.disconnect();
  openedSockets.length = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  server = fakeApi({ 'GET /api/dashboard': heldAnswer().route, 'GET /api/auth/profile': heldAnswer().route });
  signInAs();
});
afterEach(() => jest.restoreAllMocks());

// Found also while the panel is open (a modal dialog hides the rest of the page from the tree).
const bell = (name: string | RegExp = /^Notifications/) => screen.getByRole('button', { name, hidden: true });
const path = () => screen.getByTestId('current-path').textContent;

async function openPanel() {
  fireEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell', () => {
  it('says the unread count in its name and shows it on the bell', async () => {
    server.on(countPath, list([], 3));
    renderShell('/dashboard');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(within(bell()).getByTestId('notification-count')).toHaveTextContent('3');
  });

  it('shows no count when nothing is unread, and 99+ past 99', async () => {
    server.on(countPath, list([], 0));
    const { unmount } = renderShell('/dashboard');
    await waitFor(() => expect(server.callsTo(countPath)).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    unmount();

    resetNotifications();
    server.on(countPath, list([], 120));
    renderShell('/dashboard');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 99+ unread'));
  });

  it('is not there for an account awaiting approval', async () => {
    useSession.getState().signIn('t0ken', { ...activeUser, status: 'PENDING_APPROVAL' });
    renderShell('/pending-approval');
    await screen.findByRole('heading', { name: 'Account Pending Approval' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(server.callsTo(countPath)).toHaveLength(0);
  });

  it('counts a pushed notification at once, and says it to screen readers', async () => {
    server.on(countPath, list([], 1));
    renderShell('/dashboard');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    socketManager.connect();
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    act(() =>
      socket.serverSends('notification', {
        notification: note('9', { kind: 'mentioned', excerpt: 'Look' }),
        unreadCount: 2,
      }),
    );
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(screen.getByText('New notification: Grace Hopper mentioned you: WEB-5 Fix the login')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('asks for the count again when the window comes back to the front, and after a reconnect', async () => {
    server.on(countPath, list([], 1));
    renderShell('/dashboard');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    socketManager.connect();
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    server.on(countPath, list([], 4));
    act(() => socket.serverConnects());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 4 unread'));

    server.on(countPath, list([], 6));
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_050)));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 6 unread'));

    server.on(countPath, list([], 0));
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  });

  it('lists who did what to which issue and when, unread ones marked', async () => {
    server.on(countPath, list([], 2));
    server.on(
      pagePath,
      list([
        note('12', { kind: 'mentioned', excerpt: 'Can you look, @[Ada Lovelace](user:1)?' }),
        note('11', {
          kind: 'status',
          excerpt: 'IN_PROGRESS → DONE',
          issueKey: 'WEB-4',
          title: 'Ship it',
          createdAt: minutesAgo(90),
        }),
        note('10', {
          kind: 'added_to_project',
          issueId: null,
          issueKey: null,
          title: 'Website',
          readAt: minutesAgo(1),
          createdAt: minutesAgo(60 * 24),
        }),
      ]),
    );
    renderShell('/dashboard');
    const panel = await openPanel();
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unread: Grace Hopper mentioned youWEB-5 Fix the loginCan you look, @Ada Lovelace?5 minutes ago',
      'Unread: Grace Hopper changed the status to DoneWEB-4 Ship it2 hours ago',
      'Grace Hopper added you to the projectWEB Websiteyesterday',
    ]);
    expect(links.map((link) => link.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(links[0]).toHaveAttribute('href', '/issues/WEB-5');
    expect(links[2]).toHaveAttribute('href', '/projects/WEB');
    expect(within(links[0]!).getByText('5 minutes ago').tagName).toBe('TIME');
  });

  it("a click opens the issue's deep link, marks it read and gives the count back one less", async () => {
    server.on(countPath, list([], 2));
    server.on(pagePath, list([note('12'), note('11', { issueKey: 'WEB-4' })]));
    server.on('GET /api/issues/by-key/WEB-5', answer(200, { id: '5', key: 'WEB-5', boardId: '3' }));
    server.on('POST /api/notifications/read', answer(200, { unreadCount: 1 }));
    renderShell('/dashboard');
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('link', { name: /WEB-5/ }));

    await waitFor(() => expect(path()).toBe('/boards/3/issues/WEB-5'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/notifications/read')[0]!.body).toEqual({ ids: ['12'] });
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    const again = await openPanel();
    const links = await within(again).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('data-unread'))).toEqual(['false', 'true']);
  });

  it('"Mark all as read" marks every one read and empties the count', async () => {
    server.on(countPath, list([], 2));
    server.on(pagePath, list([note('12'), note('11')]));
    server.on('POST /api/notifications/read', answer(200, { unreadCount: 0 }));
    renderShell('/dashboard');
    const panel = await openPanel();
    await within(panel).findAllByRole('link');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    expect(server.callsTo('POST /api/notifications/read')[0]!.body).toEqual({ all: true });
    expect(bell()).toHaveAccessibleName('Notifications');
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('data-unread'))).toEqual(['false', 'false']);
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('adds a pushed notification to the open list, says when there are none, and gives the focus back on Escape', async () => {
    server.on(countPath, list([], 0));
    server.on(pagePath, list([]));
    renderShell('/dashboard');
    await waitFor(() => expect(server.callsTo(countPath)).toHaveLength(1));
    bell().focus();
    const panel = await openPanel();
    await within(panel).findByText('No notifications yet.');

    socketManager.connect();
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('notification', { notification: note('20'), unreadCount: 1 }));
    expect(within(panel).getByRole('link', { name: /Grace Hopper assigned you/ })).toBeInTheDocument();

    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell()).toHaveFocus();
  });

  it('loads older notifications on demand', async () => {
    const first = Array.from({ length: 20 }, (_, i) => note(String(100 - i)));
    server.on(countPath, list([], 20));
    server.on(pagePath, list(first, 21));
    server.on('GET /api/notifications?limit=20&before=81', list([note('80', { title: 'The oldest' })], 21));
    renderShell('/dashboard');
    const panel = await openPanel();
    await within(panel).findAllByRole('link');
    fireEvent.click(within(panel).getByRole('button', { name: 'Show older' }));
    await within(panel).findByRole('link', { name: /The oldest/ });
    expect(within(panel).getAllByRole('link')).toHaveLength(21);
    expect(within(panel).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });
});
