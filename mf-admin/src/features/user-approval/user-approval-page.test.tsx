import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@trackboard/web-kit';
import { answer, answerConfirm, heldAnswer, installViewport, resizeViewport } from '@trackboard/web-kit/testing';
import type { AdminUserDto } from '@trackboard/contracts';
import { searchDebounceMs } from '../../shared/list-toolbar';
import { fakeAdminServer } from '../../testing/fake-admin-server';
import { adminUser, renderAdminAt, signInAsAdmin } from '../../testing/render-admin';

const ada = adminUser({
  id: '11',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2024-05-03T09:00:00.000Z',
});
const bob = adminUser({
  id: '12',
  name: 'Bob Builder',
  email: 'bob@example.com',
  status: 'PENDING_VERIFICATION',
  createdAt: '2024-05-02T09:00:00.000Z',
});
const cyd = adminUser({
  id: '13',
  name: 'Cyd Charisse',
  email: 'cyd@example.com',
  createdAt: '2024-05-01T09:00:00.000Z',
});
const nameless = adminUser({ id: '14', name: '', email: 'quiet@example.com', createdAt: '2024-04-30T09:00:00.000Z' });
const activeOne = adminUser({ id: '15', name: 'Already Active', status: 'ACTIVE' });

/** `count` users awaiting approval, the first registered last (so newest-first keeps this order). */
const many = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    adminUser({
      id: String(200 + i),
      name: `Person ${String(i + 1).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2024, 0, 31) - i * 3_600_000).toISOString(),
    }),
  );

const firstQuery =
  'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=1&limit=10&searchTerm=&sortField=createdAt&sortOrder=desc';

const row = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]!.textContent);
const lastQuery = (server: ReturnType<typeof fakeAdminServer>) => new URLSearchParams(server.listQueries().at(-1));
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const button = (name: string) => screen.getByRole('button', { name });
const loaded = () => screen.findByRole('table');
/** The toasts' live region, where every alert is shown. */
const notifications = () => screen.getByRole('status', { name: 'Notifications' });
/** Once the list is shown, the row's `action` button for `user` opens the dialog named `title`. */
const openRowDialog = async (user: AdminUserDto, action: string, title: string) => {
  await loaded();
  fireEvent.click(within(row(user.email)).getByRole('button', { name: action }));
  return screen.getByRole('dialog', { name: title });
};
/** Renders the page against a fake server holding `users` whose next call to `route` gets `reply`. */
const renderAnswering = (
  users: AdminUserDto[],
  route: string,
  reply: Parameters<ReturnType<typeof fakeAdminServer>['answerOnce']>[1],
) => {
  const server = fakeAdminServer(users);
  server.answerOnce(route, reply);
  renderAdminAt();
  return server;
};

beforeEach(() => {
  signInAsAdmin();
  installViewport(1280);
});

describe('the list of pending users', () => {
  it('says it is loading, then lists the users awaiting approval or verification, newest first', async () => {
    const server = fakeAdminServer([cyd, activeOne, ada, bob]);
    const held = heldAnswer();
    server.answerOnce(['GET', /^\/api\/admin\/users\?/], held.route);
    renderAdminAt();
    expect(screen.getByText('Loading pending users...')).toBeInTheDocument();

    held.release(answer(200, { users: [ada, bob, cyd], totalPages: 1, totalUsers: 3, currentPage: 1 }));
    await loaded();
    expect(screen.queryByText('Loading pending users...')).not.toBeInTheDocument();
    expect(shownNames()).toEqual(['Ada Lovelace', 'Bob Builder', 'Cyd Charisse']);
    expect(server.listQueries()).toEqual([firstQuery]);
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer admin-token');
  });

  it('shows id, name, e-mail, registration date and status in each row', async () => {
    fakeAdminServer([ada]);
    renderAdminAt();
    await loaded();
    const cells = within(row('ada@example.com')).getAllByRole('cell');
    expect(cells.slice(1, 6).map((cell) => cell.textContent)).toEqual([
      '11',
      'Ada Lovelace',
      'ada@example.com',
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(ada.createdAt)),
      'Pending Approval',
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '',
      'User ID',
      'Name',
      'Email',
      'Registration Date▼',
      'Status',
      'Actions',
    ]);
  });

  it('offers Approve and Reject for accounts awaiting approval, Resend Email for unverified ones', async () => {
    fakeAdminServer([ada, bob]);
    renderAdminAt();
    await loaded();
    const actions = (text: string) =>
      within(row(text))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(actions('ada@example.com')).toEqual(['11', 'Approve', 'Reject']);
    expect(actions('bob@example.com')).toEqual(['12', 'Resend Email']);
  });

  it('says so when no user matches', async () => {
    fakeAdminServer([]);
    renderAdminAt();
    expect(await screen.findByText('No users found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('says "Refreshing user list..." while the next page loads, keeping the current one on screen', async () => {
    const server = fakeAdminServer([ada, bob, cyd]);
    renderAdminAt();
    await loaded();
    const held = heldAnswer();
    server.answerOnce(['GET', /sortField=name/], held.route);
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(await screen.findByText('Refreshing user list...')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ada Lovelace', 'Bob Builder', 'Cyd Charisse']);

    held.release(answer(200, { users: [cyd], totalPages: 1, totalUsers: 1, currentPage: 1 }));
    await waitFor(() => expect(shownNames()).toEqual(['Cyd Charisse']));
    expect(screen.queryByText('Refreshing user list...')).not.toBeInTheDocument();
  });

  it.each([
    [answer(403, { message: 'Only administrators can do this.' }), '[ERROR] Only administrators can do this.'],
    [answer(503), '[ERROR] Could not load users.'],
  ])('shows why the list could not be loaded (%#)', async (reply, text) => {
    const server = fakeAdminServer([]);
    server.answerAlways(['GET', /^\/api\/admin\/users\?/], reply);
    renderAdminAt();
    expect(await within(notifications()).findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Loading pending users...')).not.toBeInTheDocument();
  });
});

describe('in German', () => {
  // Back to the browser's language (English in jsdom): the tests after these read English.
  afterEach(() => act(() => setLanguage(null)));

  it('names the screen, its columns, statuses and actions in German, dates the German way', async () => {
    fakeAdminServer([ada, bob]);
    await act(() => setLanguage('de'));
    renderAdminAt();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Benutzerfreigabe' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Nach Name oder E-Mail suchen' })).toBeInTheDocument();
    expect(header('Registrierungsdatum')).toBeInTheDocument();
    expect(row(ada.email)).toHaveTextContent('Freigabe ausstehend');
    expect(row(ada.email)).toHaveTextContent('03.05.2024');
    expect(within(row(ada.email)).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(within(row(bob.email)).getByRole('button', { name: 'E-Mail erneut senden' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Alle Benutzer auswählen' })).toBeInTheDocument();
    expect(screen.getByText('0 Benutzer ausgewählt.')).toBeInTheDocument();
    expect(screen.getByText('1 bis 2 von 2 Ergebnissen')).toBeInTheDocument();
  });

  it('asks and reports in German', async () => {
    fakeAdminServer([ada]);
    await act(() => setLanguage('de'));
    renderAdminAt();
    const dialog = await openRowDialog(ada, 'Freigeben', 'Benutzer freigeben');
    expect(dialog).toHaveTextContent('Möchten Sie den Benutzer Ada Lovelace (ada@example.com) wirklich freigeben?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    const toasts = screen.getByRole('status', { name: 'Benachrichtigungen' });
    expect(await within(toasts).findByText('[ERFOLG] Benutzer Ada Lovelace freigegeben.')).toBeInTheDocument();
  });
});

describe('searching', () => {
  it('searches by name or e-mail once typing pauses, from page 1', async () => {
    const server = fakeAdminServer(many(12));
    renderAdminAt();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(server).get('page')).toBe('2'));

    const box = screen.getByRole('searchbox', { name: 'Search by Name or Email' });
    expect(box).toHaveAttribute('placeholder', 'Search by Name or Email');
    // The pause goes by on jest's clock rather than the wall clock's.
    jest.useFakeTimers();
    try {
      for (const typed of ['P', 'Pe', 'Person 0', 'Person 07']) fireEvent.change(box, { target: { value: typed } });
      act(() => jest.advanceTimersByTime(searchDebounceMs - 1));
      expect(server.listQueries().filter((q) => q.includes('searchTerm=P'))).toHaveLength(0);
      act(() => jest.advanceTimersByTime(1));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(shownNames()).toEqual(['Person 07']));
    expect(lastQuery(server).get('searchTerm')).toBe('Person 07');
    expect(lastQuery(server).get('page')).toBe('1');
    // One request for the pause, none for the keystrokes before it.
    expect(server.listQueries().filter((q) => q.includes('searchTerm=P'))).toHaveLength(1);
  });

  it('searches at once on Enter', async () => {
    const server = fakeAdminServer([ada, bob]);
    renderAdminAt();
    await loaded();
    const box = screen.getByRole('searchbox', { name: 'Search by Name or Email' });
    fireEvent.change(box, { target: { value: '  bob@ ' } });
    fireEvent.submit(box);
    await waitFor(() => expect(shownNames()).toEqual(['Bob Builder']));
    expect(lastQuery(server).get('searchTerm')).toBe('bob@');
  });
});

describe('sorting', () => {
  it('sorts by registration date, newest first, until told otherwise', async () => {
    fakeAdminServer([cyd, ada, bob]);
    renderAdminAt();
    await loaded();
    expect(header('Registration Date')).toHaveAttribute('aria-sort', 'descending');
    expect(within(header('Registration Date')).getByTestId('sort-arrow')).toHaveTextContent('▼');
    for (const name of ['User ID', 'Name', 'Email']) expect(header(name)).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts by a clicked column ascending, then descending on the next click, each time from page 1', async () => {
    const server = fakeAdminServer(many(12));
    renderAdminAt();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(server).get('page')).toBe('2'));

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(shownNames()[0]).toBe('Person 01'));
    expect(Object.fromEntries(lastQuery(server))).toMatchObject({ sortField: 'name', sortOrder: 'asc', page: '1' });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(within(header('Name')).getByTestId('sort-arrow')).toHaveTextContent('▲');
    expect(within(header('Registration Date')).queryByTestId('sort-arrow')).not.toBeInTheDocument();

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(shownNames()[0]).toBe('Person 12'));
    expect(Object.fromEntries(lastQuery(server))).toMatchObject({ sortField: 'name', sortOrder: 'desc' });
    expect(within(header('Name')).getByTestId('sort-arrow')).toHaveTextContent('▼');
  });

  it.each([
    ['User ID', 'id'],
    ['Email', 'email'],
    ['Registration Date', 'createdAt'],
  ])('sorts by %s as %s', async (label, field) => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    await loaded();
    fireEvent.click(within(header(label)).getByRole('button'));
    await waitFor(() => expect(server.listQueries()).toHaveLength(2));
    expect(lastQuery(server).get('sortField')).toBe(field);
  });
});

describe('paging', () => {
  it('offers 5, 10, 20 or 50 users per page, 10 unless chosen, and a new size starts at page 1', async () => {
    const server = fakeAdminServer(many(23));
    renderAdminAt();
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Users per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '20', '50']);
    expect(select).toHaveValue('10');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21 to 23 of 23 results');

    fireEvent.change(select, { target: { value: '5' } });
    await screen.findByText('Showing 1 to 5 of 23 results');
    expect(Object.fromEntries(lastQuery(server))).toMatchObject({ limit: '5', page: '1' });
    expect(shownNames()).toHaveLength(5);
  });

  it('shows the range, the first and last pages and the current one ± 1 with gaps', async () => {
    fakeAdminServer(many(23));
    renderAdminAt();
    await loaded();
    fireEvent.change(screen.getByRole('combobox', { name: 'Users per page' }), { target: { value: '5' } });
    await screen.findByText('Showing 1 to 5 of 23 results');
    const nav = () => screen.getByRole('navigation', { name: 'Pagination' });
    const drawn = () =>
      within(nav())
        .getAllByText(/^(\d+|\.\.\.|Prev|Next)$/)
        .map((el) => el.textContent)
        .join(' ');
    expect(drawn()).toBe('Prev 1 2 ... 5 Next');
    expect(within(nav()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('button', { name: 'Prev page' })).toBeDisabled();

    fireEvent.click(within(nav()).getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 6 to 10 of 23 results');
    expect(drawn()).toBe('Prev 1 2 3 ... 5 Next');

    fireEvent.click(within(nav()).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 11 to 15 of 23 results');
    expect(drawn()).toBe('Prev 1 2 3 4 5 Next');

    fireEvent.click(within(nav()).getByRole('button', { name: 'Page 5' }));
    await screen.findByText('Showing 21 to 23 of 23 results');
    expect(drawn()).toBe('Prev 1 ... 4 5 Next');
    expect(within(nav()).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(nav()).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(shownNames()).toEqual(['Person 21', 'Person 22', 'Person 23']);
  });

  it('names each pager button with the words it shows first (WCAG 2.5.3, label in name)', async () => {
    fakeAdminServer(many(23));
    renderAdminAt();
    await loaded();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    for (const button of within(nav).getAllByRole('button')) {
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      // Whole words, as speech input matches them: "Prev" is not a word of "Previous page".
      const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
      expect(words(name)).toEqual(expect.arrayContaining(words(button.textContent ?? '')));
    }
  });

  it('shows only Previous and Next on a phone', async () => {
    installViewport(375);
    const server = fakeAdminServer(many(12));
    renderAdminAt();
    await screen.findByRole('list', { name: 'Pending users' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', 'Next']);
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(button('Previous')).toBeDisabled();

    fireEvent.click(button('Next'));
    await waitFor(() => expect(lastQuery(server).get('page')).toBe('2'));
    await waitFor(() => expect(button('Next')).toBeDisabled());
    expect(button('Previous')).toBeEnabled();

    act(() => resizeViewport(1024));
    expect(screen.getByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
  });

  it('steps back to the last page when the one shown has emptied', async () => {
    const people = many(11);
    const server = fakeAdminServer(people);
    renderAdminAt();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 11 of 11 results');

    // Someone else approved the only user on page 2 meanwhile; our approval of it fails and the list refreshes.
    server.users.find((u) => u.id === people[10]!.id)!.status = 'ACTIVE';
    fireEvent.click(within(row('Person 11')).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Showing 1 to 10 of 10 results');
    expect(server.listQueries().map((q) => new URLSearchParams(q).get('page'))).toEqual(['1', '2', '2', '1']);
    expect(
      screen.getByText('[ERROR] Only accounts awaiting approval can be approved or rejected.'),
    ).toBeInTheDocument();
  });
});

describe('user details', () => {
  it('opens with a click on the user id and lists every field, dates formatted', async () => {
    const user = adminUser({
      id: '21',
      name: 'Dee Tail',
      email: 'dee@example.com',
      bio: 'Hello',
      updatedAt: 'not a date',
    });
    fakeAdminServer([user]);
    renderAdminAt();
    await loaded();
    fireEvent.click(button('21'));

    const dialog = screen.getByRole('dialog', { name: 'User Details' });
    const value = (field: string) => dialog.querySelector(`[data-field="${field}"] > dd`)!.textContent;
    expect([...dialog.querySelectorAll(':scope dl > div')].map((d) => d.getAttribute('data-field'))).toEqual([
      ...Object.keys(user),
      'fontSize',
      'highContrast',
      'themePreference',
      'language',
      'timeZone',
    ]);
    expect(value('id')).toBe('21');
    expect(value('name')).toBe('Dee Tail');
    expect(value('bio')).toBe('Hello');
    expect(value('avatarUrl')).toBe('N/A');
    expect(value('status')).toBe('PENDING_APPROVAL');
    expect(value('createdAt')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(user.createdAt)),
    );
    expect(value('updatedAt')).toBe('Invalid Date');
    expect(value('themePreference')).toBe('SYSTEM');
    expect(within(dialog).getByText('Created At')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('approving one user', () => {
  const openApprove = (user: AdminUserDto) => openRowDialog(user, 'Approve', 'Approve User');

  it('asks first, naming the user, and Cancel leaves everything as it was', async () => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    const dialog = await openApprove(ada);
    expect(dialog).toHaveTextContent('Are you sure you want to approve user Ada Lovelace (ada@example.com)?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('names a user without a name by the e-mail', async () => {
    fakeAdminServer([nameless]);
    renderAdminAt();
    const dialog = await openApprove(nameless);
    expect(dialog).toHaveTextContent('Are you sure you want to approve user quiet@example.com (quiet@example.com)?');
  });

  it('approves, says "Processing..." meanwhile, then reports it and drops the user from the list', async () => {
    const server = fakeAdminServer([ada, cyd]);
    const held = heldAnswer();
    server.answerOnce('PUT /api/admin/users/11/approve', held.route);
    renderAdminAt();
    const dialog = await openApprove(ada);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    server.users[0]!.status = 'ACTIVE';
    held.release(answer(200, { user: { ...ada, status: 'ACTIVE' } }));
    expect(await screen.findByText('[SUCCESS] User Ada Lovelace approved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toEqual(['Cyd Charisse']));
    expect(server.callsTo('PUT /api/admin/users/11/approve')).toHaveLength(1);
  });

  it.each([
    [
      answer(409, { message: 'Only accounts awaiting approval can be approved or rejected.' }),
      '[ERROR] Only accounts awaiting approval can be approved or rejected.',
    ],
    [answer(500), '[ERROR] Failed to approve user.'],
  ])('says why an approval failed (%#)', async (reply, text) => {
    renderAnswering([ada], 'PUT /api/admin/users/11/approve', reply);
    fireEvent.click(within(await openApprove(ada)).getByRole('button', { name: 'Approve' }));
    expect(await within(notifications()).findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an alert be dismissed', async () => {
    fakeAdminServer([ada]);
    renderAdminAt();
    fireEvent.click(within(await openApprove(ada)).getByRole('button', { name: 'Approve' }));
    await screen.findByText('[SUCCESS] User Ada Lovelace approved.');
    fireEvent.click(button('Dismiss'));
    expect(screen.queryByText('[SUCCESS] User Ada Lovelace approved.')).not.toBeInTheDocument();
  });
});

describe('rejecting one user', () => {
  const openReject = (user: AdminUserDto) => openRowDialog(user, 'Reject', 'Reject User');

  it('warns that it may not be reversible and takes an optional reason', async () => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    const dialog = await openReject(ada);
    expect(dialog).toHaveTextContent(
      'Are you sure you want to reject user Ada Lovelace (ada@example.com)? This action may not be reversible.',
    );
    expect(within(dialog).getByLabelText('Reason for Rejection (Optional, for internal log)')).toHaveValue('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('rejects with the reason given, and reports it', async () => {
    const server = fakeAdminServer([ada, cyd]);
    const held = heldAnswer();
    server.answerOnce('PUT /api/admin/users/11/reject', held.route);
    renderAdminAt();
    const dialog = await openReject(ada);
    fireEvent.change(within(dialog).getByLabelText('Reason for Rejection (Optional, for internal log)'), {
      target: { value: '  Spam account ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Reject' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();

    server.users[0]!.status = 'REJECTED';
    held.release(answer(200, { user: { ...ada, status: 'REJECTED' } }));
    expect(await screen.findByText('[SUCCESS] User Ada Lovelace rejected. Reason: Spam account')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/11/reject')[0]!.body).toEqual({ reason: 'Spam account' });
    await waitFor(() => expect(shownNames()).toEqual(['Cyd Charisse']));
  });

  it('rejects without a reason as "N/A"', async () => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    fireEvent.click(within(await openReject(ada)).getByRole('button', { name: 'Confirm Reject' }));
    expect(await screen.findByText('[SUCCESS] User Ada Lovelace rejected. Reason: N/A')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/11/reject')[0]!.body).toEqual({});
  });

  it('starts with an empty reason for the next user', async () => {
    fakeAdminServer([ada, cyd]);
    renderAdminAt();
    const first = await openReject(ada);
    fireEvent.change(within(first).getByRole('textbox'), { target: { value: 'typed for Ada' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(within(await openReject(cyd)).getByRole('textbox')).toHaveValue('');
  });

  it.each([
    [
      answer(409, { message: 'Only accounts awaiting approval can be approved or rejected.' }),
      '[ERROR] Only accounts awaiting approval can be approved or rejected.',
    ],
    [answer(502), '[ERROR] Failed to reject user.'],
  ])('says why a rejection failed (%#)', async (reply, text) => {
    renderAnswering([ada], 'PUT /api/admin/users/11/reject', reply);
    fireEvent.click(within(await openReject(ada)).getByRole('button', { name: 'Confirm Reject' }));
    expect(await within(notifications()).findByText(text)).toBeInTheDocument();
  });
});

describe('resending the verification e-mail', () => {
  it('sends it, saying "Processing..." meanwhile, and reports it', async () => {
    const server = fakeAdminServer([bob]);
    const held = heldAnswer();
    server.answerOnce('POST /api/admin/users/12/resend-verification', held.route);
    renderAdminAt();
    await loaded();
    fireEvent.click(within(row('bob@example.com')).getByRole('button', { name: 'Resend Email' }));
    expect(await within(row('bob@example.com')).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    held.release(answer(200, { message: 'A new verification e-mail has been sent.' }));
    expect(await screen.findByText('[SUCCESS] Verification email resent to Bob Builder.')).toBeInTheDocument();
    expect(within(row('bob@example.com')).getByRole('button', { name: 'Resend Email' })).toBeEnabled();
    expect(server.callsTo('POST /api/admin/users/12/resend-verification')).toHaveLength(1);
  });

  it.each([
    [
      answer(409, { message: 'Only accounts awaiting e-mail verification can be sent a new link.' }),
      '[ERROR] Only accounts awaiting e-mail verification can be sent a new link.',
    ],
    [answer(500), '[ERROR] Failed to resend verification email.'],
  ])('says why it could not be sent (%#)', async (reply, text) => {
    renderAnswering([bob], 'POST /api/admin/users/12/resend-verification', reply);
    await loaded();
    fireEvent.click(within(row('bob@example.com')).getByRole('button', { name: 'Resend Email' }));
    expect(await within(notifications()).findByText(text)).toBeInTheDocument();
  });
});

describe('selecting users', () => {
  const selectAll = () => screen.getByRole('checkbox', { name: 'Select all users' });

  it('counts the selection; select-all is partly checked when some are selected', async () => {
    fakeAdminServer([ada, bob, cyd]);
    renderAdminAt();
    await loaded();
    expect(screen.getByText('0 user(s) selected.')).toBeInTheDocument();
    expect(selectAll()).not.toBeChecked();
    expect(selectAll()).not.toBePartiallyChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(screen.getByText('1 user(s) selected.')).toBeInTheDocument();
    expect(selectAll()).toBePartiallyChecked();

    fireEvent.click(selectAll());
    expect(screen.getByText('3 user(s) selected.')).toBeInTheDocument();
    expect(selectAll()).toBeChecked();
    expect(selectAll()).not.toBePartiallyChecked();

    fireEvent.click(selectAll());
    expect(screen.getByText('0 user(s) selected.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
  });

  it('starts again with nothing selected on another page', async () => {
    const server = fakeAdminServer(many(12));
    renderAdminAt();
    await loaded();
    fireEvent.click(selectAll());
    expect(screen.getByText('10 user(s) selected.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownNames()).toEqual(['Person 11', 'Person 12']));
    expect(server.listQueries()).toHaveLength(2);
    expect(screen.getByText('0 user(s) selected.')).toBeInTheDocument();
  });
});

describe('bulk approval and rejection', () => {
  const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

  it.each([
    ['Approve Selected', '[WARNING] No users selected for bulk approval.'],
    ['Reject Selected', '[WARNING] No users selected for bulk rejection.'],
  ])('%s with nothing selected only warns', async (action, warning) => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    await loaded();
    fireEvent.click(button(action));
    expect(screen.getByText(warning)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('does nothing when the confirmation is declined', async () => {
    const server = fakeAdminServer([ada, cyd]);
    renderAdminAt();
    await loaded();
    check('Ada Lovelace');
    check('Cyd Charisse');
    fireEvent.click(button('Reject Selected'));
    await answerConfirm(false, 'Are you sure you want to REJECT 2 selected users? This action is usually permanent.');
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(screen.getByText('2 user(s) selected.')).toBeInTheDocument();
  });

  it('approves the selected users one at a time, then reports how many', async () => {
    const server = fakeAdminServer([ada, cyd, nameless]);
    const held = heldAnswer();
    server.answerOnce('PUT /api/admin/users/11/approve', held.route);
    renderAdminAt();
    await loaded();
    check('Ada Lovelace');
    check('Cyd Charisse');
    fireEvent.click(button('Approve Selected'));
    await answerConfirm(true, 'Are you sure you want to approve 2 selected users?');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(button('Reject Selected')).toBeDisabled();
    // The second call waits for the first.
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/admin/users/11/approve']);

    server.users[0]!.status = 'ACTIVE';
    held.release(answer(200, { user: { ...ada, status: 'ACTIVE' } }));
    expect(await screen.findByText('[SUCCESS] 2 users approved successfully.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/api/admin/users/11/approve',
      '/api/admin/users/13/approve',
    ]);
    await waitFor(() => expect(shownNames()).toEqual(['N/A']));
    expect(screen.getByText('0 user(s) selected.')).toBeInTheDocument();
    expect(within(notifications()).queryByText(/^\[ERROR\]/)).not.toBeInTheDocument();
  });

  it('goes on past a failure, reports both outcomes and keeps the failed users selected', async () => {
    const server = fakeAdminServer([ada, bob, cyd]);
    renderAdminAt();
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users' }));
    fireEvent.click(button('Approve Selected'));
    await answerConfirm(true);
    expect(await screen.findByText('[SUCCESS] 2 users approved successfully.')).toBeInTheDocument();
    expect(within(notifications()).getByText('[ERROR] Bulk approval failed for some users.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/api/admin/users/11/approve',
      '/api/admin/users/12/approve',
      '/api/admin/users/13/approve',
    ]);
    // Bob awaits verification, not approval: the server refused him, and he stays selected.
    await waitFor(() => expect(shownNames()).toEqual(['Bob Builder']));
    expect(screen.getByText('1 user(s) selected.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Bob Builder' })).toBeChecked();
  });

  it('only warns of the failure when every call failed', async () => {
    const server = fakeAdminServer([ada]);
    server.answerAlways(['PUT', /\/approve$/], answer(500));
    renderAdminAt();
    await loaded();
    check('Ada Lovelace');
    fireEvent.click(button('Approve Selected'));
    await answerConfirm(true);
    expect(
      await within(notifications()).findByText('[ERROR] Bulk approval failed for some users.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/approved successfully/)).not.toBeInTheDocument();
  });

  it('rejects the selected users one at a time with the bulk reason', async () => {
    const server = fakeAdminServer([ada, cyd]);
    renderAdminAt();
    await loaded();
    check('Ada Lovelace');
    check('Cyd Charisse');
    fireEvent.click(button('Reject Selected'));
    await answerConfirm(true, 'Are you sure you want to REJECT 2 selected users? This action is usually permanent.');
    expect(await screen.findByText('[SUCCESS] 2 users rejected.')).toBeInTheDocument();
    const rejections = server.calls.filter((c) => c.method === 'PUT');
    expect(rejections.map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/users/11/reject', { reason: 'Bulk rejection by admin.' }],
      ['/api/admin/users/13/reject', { reason: 'Bulk rejection by admin.' }],
    ]);
    expect(await screen.findByText('No users found matching your criteria.')).toBeInTheDocument();
  });

  it('reports a partly failed bulk rejection', async () => {
    renderAnswering([ada, cyd], 'PUT /api/admin/users/11/reject', answer(500));
    await loaded();
    check('Ada Lovelace');
    check('Cyd Charisse');
    fireEvent.click(button('Reject Selected'));
    await answerConfirm(true);
    expect(await screen.findByText('[SUCCESS] 1 users rejected.')).toBeInTheDocument();
    expect(within(notifications()).getByText('[ERROR] Bulk rejection failed for some users.')).toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toEqual(['Ada Lovelace']));
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeChecked();
  });
});

describe('whether invited people wait for approval', () => {
  const setting = () =>
    screen.findByRole('checkbox', { name: "People who register through a project's invitation wait for approval too" });

  it('shows the setting as the server holds it and saves a change at once', async () => {
    const server = fakeAdminServer([ada]);
    renderAdminAt();
    await loaded();
    expect(await setting()).not.toBeChecked();
    fireEvent.click(await setting());
    await waitFor(async () => expect(await setting()).toBeChecked());
    expect(server.callsTo('PUT /api/auth/registration-settings')[0]!.body).toEqual({ invitedNeedApproval: true });
    expect(server.settings.invitedNeedApproval).toBe(true);
  });

  it('says why a change was not saved, and keeps what the server holds', async () => {
    const server = fakeAdminServer([ada]);
    server.answerOnce('PUT /api/auth/registration-settings', answer(403, { message: 'Administrator access required' }));
    renderAdminAt();
    await loaded();
    fireEvent.click(await setting());
    expect(await screen.findByText('Could not save the setting: Administrator access required')).toBeInTheDocument();
    expect(await setting()).not.toBeChecked();
  });
});
