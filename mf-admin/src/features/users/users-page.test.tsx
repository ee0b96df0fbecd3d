import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { fakeAdminServer } from '../../testing/fake-admin-server';
import { adminUser, renderAdminAt, signInAsAdmin } from '../../testing/render-admin';

// The Users page, /admin/users, against the fake admin server (which keeps the
// server's rules and messages): every account, the status filter, and each action's dialog,
// request, toast and refreshed row.

const me = adminUser({
  id: '1',
  name: 'Root Admin',
  email: 'root@example.com',
  status: 'ACTIVE',
  role: 'admin',
  isAdmin: true,
  createdAt: '2024-01-01T09:00:00.000Z',
});
const ada = adminUser({
  id: '11',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  status: 'ACTIVE',
  createdAt: '2024-05-03T09:00:00.000Z',
});
const bob = adminUser({
  id: '12',
  name: 'Bob Builder',
  email: 'bob@example.com',
  status: 'PENDING_VERIFICATION',
  createdAt: '2024-05-02T09:00:00.000Z',
});
const sam = adminUser({
  id: '13',
  name: 'Sam Suspended',
  email: 'sam@example.com',
  status: 'SUSPENDED',
  createdAt: '2024-05-01T09:00:00.000Z',
});
const pat = adminUser({ id: '14', name: 'Pat Pending', email: 'pat@example.com', createdAt: '2024-04-30T09:00:00Z' });
const everyone = () => [me, ada, bob, sam, pat];

const loaded = () => screen.findByRole('table');
const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const lastQuery = (server: ReturnType<typeof fakeAdminServer>) => new URLSearchParams(server.listQueries().at(-1));
/** Opens the row's `action` dialog, named `title`. */
async function openDialog(email: string, action: string, title: string) {
  await loaded();
  fireEvent.click(within(row(email)).getByRole('button', { name: action }));
  return screen.getByRole('dialog', { name: title });
}
const confirmIn = (dialog: HTMLElement, name: string, reason?: string) => {
  if (reason !== undefined)
    fireEvent.change(within(dialog).getByLabelText('Reason (Optional, for the moderation log)'), {
      target: { value: reason },
    });
  fireEvent.click(within(dialog).getByRole('button', { name }));
};

beforeEach(() => {
  signInAsAdmin();
  installViewport(1280);
});

describe('every account', () => {
  it('lists accounts in every status, with role and status, newest first', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    await loaded();
    expect(shownNames()).toEqual(['Ada Lovelace', 'Bob Builder', 'Sam Suspended', 'Pat Pending', 'Root Admin (you)']);
    expect(server.listQueries()).toEqual(['page=1&limit=10&searchTerm=&sortField=createdAt&sortOrder=desc']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'User ID',
      'Name',
      'Email',
      'Registration Date▼',
      'Role',
      'Status',
      'Actions',
    ]);
    const cells = (email: string) =>
      within(row(email))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('ada@example.com').slice(4, 6)).toEqual(['User', 'Active']);
    expect(cells('root@example.com').slice(4, 6)).toEqual(['Admin', 'Active']);
    expect(cells('sam@example.com')[5]).toBe('Suspended');
  });

  it('offers per account only what can be done to it, and its history', async () => {
    fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    await loaded();
    const offered = (email: string) =>
      within(row(email))
        .getAllByRole('button')
        .slice(1) // the id, opening the details
        .map((b) => b.textContent);
    expect(offered('ada@example.com')).toEqual(['Make Admin', 'Suspend', 'Delete']);
    expect(offered('sam@example.com')).toEqual(['Make Admin', 'Reactivate', 'Delete']);
    expect(offered('bob@example.com')).toEqual(['Resend Email', 'Delete']);
    expect(offered('pat@example.com')).toEqual(['Delete']);
    // One's own account can change role (the server keeps the last administrator), no more.
    expect(offered('root@example.com')).toEqual(['Make User']);
    expect(within(row('ada@example.com')).getByRole('link', { name: 'History of Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/moderation-log?userId=11',
    );
  });

  it.each([
    ['Active', 'ACTIVE', ['Ada Lovelace', 'Root Admin (you)']],
    ['Pending Verification', 'PENDING_VERIFICATION', ['Bob Builder']],
    ['Pending Approval', 'PENDING_APPROVAL', ['Pat Pending']],
    ['Suspended', 'SUSPENDED', ['Sam Suspended']],
  ])('filters on %s, from page 1', async (label, status, names) => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    await loaded();
    const filter = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.change(filter, { target: { value: status } });
    await waitFor(() => expect(shownNames()).toEqual(names));
    expect(lastQuery(server).getAll('status')).toEqual([status]);
    expect(lastQuery(server).get('page')).toBe('1');
    expect(within(filter).getByRole('option', { selected: true })).toHaveTextContent(label);
    fireEvent.change(filter, { target: { value: 'ALL' } });
    // The whole list shows at once from swr's cache; the request without a status follows it.
    await waitFor(() => {
      expect(shownNames()).toHaveLength(5);
      expect(lastQuery(server).getAll('status')).toEqual([]);
    });
  });

  it('says so when no account is in the chosen status', async () => {
    fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    await loaded();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'REJECTED' } });
    expect(await screen.findByText('No users found matching your criteria.')).toBeInTheDocument();
  });

  it('searches and sorts in the server, as the approval list does', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    await loaded();
    const box = screen.getByRole('searchbox', { name: 'Search by Name or Email' });
    fireEvent.change(box, { target: { value: 'sam@' } });
    fireEvent.submit(box);
    await waitFor(() => expect(shownNames()).toEqual(['Sam Suspended']));
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.submit(box);
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'));
    await waitFor(() => expect(shownNames()[0]).toBe('Ada Lovelace'));
    expect(lastQuery(server).get('sortField')).toBe('name');
    expect(lastQuery(server).get('sortOrder')).toBe('asc');
  });

  it('shows why the list could not be loaded', async () => {
    const server = fakeAdminServer([]);
    server.answerAlways(['GET', /^\/api\/admin\/users\?/], answer(503));
    renderAdminAt('/admin/users');
    expect(await within(notifications()).findByText('[ERROR] Could not load users.')).toBeInTheDocument();
  });
});

describe('roles', () => {
  it('makes a user an administrator after confirmation, with the reason for the log', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const dialog = await openDialog('ada@example.com', 'Make Admin', 'Change Role');
    expect(dialog).toHaveTextContent(
      'Make Ada Lovelace (ada@example.com) an administrator? They can manage every account and project at once.',
    );
    confirmIn(dialog, 'Make Admin', '  Runs the night shift ');
    expect(await within(notifications()).findByText('[SUCCESS] Ada Lovelace is now an administrator.')).toBeVisible();
    expect(server.callsTo('PUT /api/admin/users/11/role')[0]!.body).toEqual({
      role: 'admin',
      reason: 'Runs the night shift',
    });
    await waitFor(() => expect(within(row('ada@example.com')).getAllByRole('cell')[4]).toHaveTextContent('Admin'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('ada@example.com')).getByRole('button', { name: 'Make User' })).toBeInTheDocument();
  });

  it('says why the last active administrator cannot be demoted', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const dialog = await openDialog('root@example.com', 'Make User', 'Change Role');
    confirmIn(dialog, 'Make User');
    expect(
      await within(notifications()).findByText(
        '[ERROR] This is the last active administrator: make another account an administrator before demoting or suspending this one.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/1/role')[0]!.body).toEqual({ role: 'user' });
    expect(within(row('root@example.com')).getAllByRole('cell')[4]).toHaveTextContent('Admin');
  });
});

describe('suspension', () => {
  it('suspends after confirmation, then offers reactivation', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const dialog = await openDialog('ada@example.com', 'Suspend', 'Suspend User');
    // The list asked for after the action stays unanswered: the row must not wait for it.
    server.answerOnce(['GET', /^\/api\/admin\/users\?/], heldAnswer().route);
    expect(dialog).toHaveTextContent(
      'Suspend Ada Lovelace (ada@example.com)? They are signed out everywhere at once and cannot sign in until reactivated.',
    );
    confirmIn(dialog, 'Confirm Suspend', 'Spam');
    expect(await within(notifications()).findByText('[SUCCESS] User Ada Lovelace suspended.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/11/status')[0]!.body).toEqual({ status: 'SUSPENDED', reason: 'Spam' });
    // The row shows the server's answer with the toast, before the list is asked for again.
    expect(within(row('ada@example.com')).getAllByRole('cell')[5]).toHaveTextContent('Suspended');
    expect(within(row('ada@example.com')).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();

    const again = await openDialog('ada@example.com', 'Reactivate', 'Reactivate User');
    confirmIn(again, 'Confirm Reactivate');
    expect(await within(notifications()).findByText('[SUCCESS] User Ada Lovelace reactivated.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/11/status')[1]!.body).toEqual({ status: 'ACTIVE' });
  });

  it('does nothing when the dialog is cancelled, and forgets the reason typed', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const dialog = await openDialog('ada@example.com', 'Suspend', 'Suspend User');
    fireEvent.change(within(dialog).getByLabelText('Reason (Optional, for the moderation log)'), {
      target: { value: 'second thoughts' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const reopened = await openDialog('ada@example.com', 'Suspend', 'Suspend User');
    expect(within(reopened).getByLabelText('Reason (Optional, for the moderation log)')).toHaveValue('');
    expect(server.callsTo('PUT /api/admin/users/11/status')).toHaveLength(0);
  });

  it('keeps the dialog open and says "Processing..." while the server works, then the default failure', async () => {
    const server = fakeAdminServer(everyone());
    const held = heldAnswer();
    server.answerOnce('PUT /api/admin/users/11/status', held.route);
    renderAdminAt('/admin/users');
    const dialog = await openDialog('ada@example.com', 'Suspend', 'Suspend User');
    confirmIn(dialog, 'Confirm Suspend');
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Suspend User' })).toBeInTheDocument();
    held.release(answer(500));
    expect(await within(notifications()).findByText('[ERROR] Failed to suspend user.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('deletion and verification', () => {
  it('deletes after confirmation, saying what stays', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const dialog = await openDialog('pat@example.com', 'Delete', 'Delete User');
    expect(dialog).toHaveTextContent(
      'Delete Pat Pending (pat@example.com)? This cannot be undone. Their issues and comments stay, without their name.',
    );
    confirmIn(dialog, 'Delete User', 'Duplicate account');
    expect(await within(notifications()).findByText('[SUCCESS] User Pat Pending deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/14')[0]!.body).toEqual({ reason: 'Duplicate account' });
    await waitFor(() => expect(screen.queryByRole('row', { name: /pat@example.com/ })).not.toBeInTheDocument());
  });

  it('passes on the server’s refusal', async () => {
    const server = fakeAdminServer(everyone());
    server.answerOnce(
      'DELETE /api/users/11',
      answer(409, { message: 'This user leads projects: hand the lead over before deleting the account.' }),
    );
    renderAdminAt('/admin/users');
    confirmIn(await openDialog('ada@example.com', 'Delete', 'Delete User'), 'Delete User');
    expect(
      await within(notifications()).findByText(
        '[ERROR] This user leads projects: hand the lead over before deleting the account.',
      ),
    ).toBeInTheDocument();
    expect(row('ada@example.com')).toBeInTheDocument();
  });

  it('sends a new verification e-mail at once', async () => {
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    await loaded();
    fireEvent.click(within(row('bob@example.com')).getByRole('button', { name: 'Resend Email' }));
    expect(
      await within(notifications()).findByText('[SUCCESS] Verification email resent to Bob Builder.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/users/12/resend-verification')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('on a phone', () => {
  it('shows a card per account with its actions, and sorts with a select', async () => {
    installViewport(390);
    const server = fakeAdminServer(everyone());
    renderAdminAt('/admin/users');
    const cards = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(card).toHaveTextContent('Active');
    fireEvent.click(within(card).getByRole('button', { name: 'Suspend' }));
    confirmIn(screen.getByRole('dialog', { name: 'Suspend User' }), 'Confirm Suspend');
    expect(await within(notifications()).findByText('[SUCCESS] User Ada Lovelace suspended.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'email' } });
    await waitFor(() => expect(lastQuery(server).get('sortField')).toBe('email'));
  });
});

it('opens the moderation log on the account’s history', async () => {
  fakeAdminServer(everyone());
  renderAdminAt('/admin/users');
  await loaded();
  fireEvent.click(within(row('ada@example.com')).getByRole('link', { name: 'History of Ada Lovelace' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation Log' })).toBeInTheDocument();
  expect(screen.getByTestId('current-search')).toHaveTextContent('?userId=11');
});
