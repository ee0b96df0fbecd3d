import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModerationLogEntryDto } from '@trackboard/contracts';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { fakeAdminServer } from '../../testing/fake-admin-server';
import { renderAdminAt, signInAsAdmin } from '../../testing/render-admin';

// The moderation log, /admin/moderation-log: who did what to whom, when and why,
// newest first, paged by the server, filtered by user through the address.

const root = { id: '1', name: 'Root Admin', email: 'root@example.com' };
const ada = { id: '11', name: 'Ada Lovelace', email: 'ada@example.com' };
const gone = { id: '12', name: null, email: null };
let n = 0;
const entry = (fields: Partial<ModerationLogEntryDto>): ModerationLogEntryDto => ({
  id: String(500 - ++n),
  action: 'APPROVED',
  reason: null,
  createdAt: '2024-06-01T10:00:00.000Z',
  user: ada,
  actor: root,
  ...fields,
});
const log = () => [
  entry({ action: 'SUSPENDED', reason: 'Spam in every comment', createdAt: '2024-06-03T10:00:00.000Z' }),
  entry({ action: 'DELETED', user: gone, reason: 'Duplicate', createdAt: '2024-06-02T10:00:00.000Z' }),
  entry({ action: 'MADE_ADMIN', createdAt: '2024-06-01T10:00:00.000Z' }),
];

const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const loaded = () => screen.findByRole('table');
const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const logQueries = (server: ReturnType<typeof fakeAdminServer>) =>
  server.calls.filter((c) => c.path.startsWith('/api/admin/moderation-log')).map((c) => c.path.split('?')[1]);

beforeEach(() => {
  signInAsAdmin();
  installViewport(1280);
});

it('says who did what to whom, when and why, newest first; a deleted account is "Deleted user"', async () => {
  const server = fakeAdminServer([], log());
  renderAdminAt('/admin/moderation-log');
  expect(screen.getByRole('heading', { level: 1, name: 'Moderation Log' })).toBeInTheDocument();
  expect(screen.getByText('Loading the moderation log...')).toBeInTheDocument();
  await loaded();
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'When',
    'Action',
    'User',
    'By',
    'Reason',
  ]);
  expect(rows()).toEqual([
    [when('2024-06-03T10:00:00.000Z'), 'Suspended', 'Ada Lovelace', 'Root Admin', 'Spam in every comment'],
    [when('2024-06-02T10:00:00.000Z'), 'Deleted', 'Deleted user', 'Root Admin', 'Duplicate'],
    [when('2024-06-01T10:00:00.000Z'), 'Made administrator', 'Ada Lovelace', 'Root Admin', 'N/A'],
  ]);
  expect(logQueries(server)).toEqual(['page=1&limit=10']);
});

it('keeps one account’s rows when its name is chosen, and shows all again', async () => {
  const server = fakeAdminServer([], log());
  renderAdminAt('/admin/moderation-log');
  await loaded();
  fireEvent.click(screen.getAllByRole('link', { name: 'Ada Lovelace' })[0]!);
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(screen.getByTestId('current-search')).toHaveTextContent('?userId=11');
  expect(screen.getByText('Actions on Ada Lovelace')).toBeInTheDocument();
  expect(logQueries(server).at(-1)).toBe('userId=11&page=1&limit=10');

  fireEvent.click(screen.getByRole('link', { name: 'Show all users' }));
  await waitFor(() => expect(rows()).toHaveLength(3));
  expect(screen.getByTestId('current-search')).toBeEmptyDOMElement();
});

it('opens on one account from the address, naming a deleted one "Deleted user"', async () => {
  fakeAdminServer([], log());
  renderAdminAt('/admin/moderation-log?userId=12');
  await loaded();
  expect(screen.getByText('Actions on Deleted user')).toBeInTheDocument();
  expect(rows().map((r) => r[1])).toEqual(['Deleted']);
});

it('says so when there is nothing to show', async () => {
  fakeAdminServer([], []);
  renderAdminAt('/admin/moderation-log?userId=99');
  expect(await screen.findByText('No moderation actions recorded yet.')).toBeInTheDocument();
  expect(screen.getByText('Actions on #99')).toBeInTheDocument();
  expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
});

it('pages through the log in the server, and changes the page size', async () => {
  const many = Array.from({ length: 12 }, (_, i) => entry({ reason: `Reason ${i + 1}` }));
  const server = fakeAdminServer([], many);
  renderAdminAt('/admin/moderation-log');
  await loaded();
  expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(rows().map((r) => r[4])).toEqual(['Reason 11', 'Reason 12']));
  expect(logQueries(server).at(-1)).toBe('page=2&limit=10');
  fireEvent.change(screen.getByRole('combobox', { name: 'Entries per page' }), { target: { value: '20' } });
  await waitFor(() => expect(rows()).toHaveLength(12));
  expect(logQueries(server).at(-1)).toBe('page=1&limit=20');
});

it('shows why the log could not be loaded', async () => {
  const server = fakeAdminServer([], []);
  server.answerAlways(
    ['GET', /^\/api\/admin\/moderation-log/],
    answer(403, { message: 'Only administrators can do this.' }),
  );
  renderAdminAt('/admin/moderation-log');
  expect(await within(notifications()).findByText('[ERROR] Only administrators can do this.')).toBeInTheDocument();
  expect(screen.queryByText('Loading the moderation log...')).not.toBeInTheDocument();
});

it('shows a card per entry on a phone', async () => {
  installViewport(390);
  fakeAdminServer([], log());
  renderAdminAt('/admin/moderation-log');
  const list = await screen.findByRole('list', { name: 'Moderation log entries' });
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const [first] = within(list).getAllByRole('listitem');
  expect(first).toHaveTextContent('Suspended');
  expect(first).toHaveTextContent('Spam in every comment');
  expect(within(first!).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
});
