import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, answerConfirm, installViewport } from '@trackboard/web-kit/testing';
import { fakeAdminServer } from '../../testing/fake-admin-server';
import { adminUser, renderAdminAt, signInAsAdmin } from '../../testing/render-admin';

// The alerts read like log lines at the top of the page, and on a phone the
// table's Actions column was off-screen.

const ada = adminUser({ id: '11', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2024-05-03T09:00:00Z' });
const bob = adminUser({
  id: '12',
  name: 'Bob Builder',
  email: 'bob@example.com',
  status: 'PENDING_VERIFICATION',
  createdAt: '2024-05-02T09:00:00Z',
});
const cyd = adminUser({ id: '13', name: 'Cyd Charisse', email: 'cyd@example.com', createdAt: '2024-05-01T09:00:00Z' });

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

beforeEach(() => {
  signInAsAdmin();
  installViewport(1280);
});

async function approveFromTable(name: string) {
  await screen.findByRole('table');
  fireEvent.click(within(screen.getByRole('row', { name: new RegExp(name) })).getByRole('button', { name: 'Approve' }));
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Approve User' })).getByRole('button', { name: 'Approve' }),
  );
}

describe('action outcomes as toasts', () => {
  it('announces each outcome politely, in the spec’s words, from a region that is there before it', async () => {
    fakeAdminServer([ada, cyd]);
    renderAdminAt();
    await screen.findByRole('table');
    // A live region announces what is added to it: it must exist, empty, beforehand.
    expect(notifications()).toHaveAttribute('aria-live', 'polite');
    expect(notifications()).toBeEmptyDOMElement();

    await approveFromTable('Ada Lovelace');
    const toast = await within(notifications()).findByRole('listitem');
    expect(toast).toHaveTextContent('[SUCCESS] User Ada Lovelace approved.');
    expect(within(toast).getByText('[SUCCESS] User Ada Lovelace approved.')).toBeInTheDocument();
    // Not a second, assertive announcement inside the polite one.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(notifications()).toBeEmptyDOMElement();
  });

  it('shows a failure there too, with its level and the server’s reason', async () => {
    const server = fakeAdminServer([ada]);
    server.answerOnce('PUT /api/admin/users/11/approve', answer(500));
    renderAdminAt();
    await approveFromTable('Ada Lovelace');
    expect(await within(notifications()).findByText('[ERROR] Failed to approve user.')).toBeInTheDocument();
  });

  it('lists both outcomes of a partly failed bulk action as two toasts, each dismissible', async () => {
    fakeAdminServer([ada, bob, cyd]);
    renderAdminAt();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve Selected' }));
    await answerConfirm(true);
    await within(notifications()).findByText('[SUCCESS] 2 users approved successfully.');
    const toasts = within(notifications()).getAllByRole('listitem');
    expect(toasts.map((toast) => toast.textContent?.replace('×', '').trim())).toEqual([
      '[SUCCESS] 2 users approved successfully.',
      '[ERROR] Bulk approval failed for some users.',
    ]);
    fireEvent.click(within(toasts[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(within(notifications()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('puts a failed load there as well, dismissible', async () => {
    const server = fakeAdminServer([]);
    server.answerAlways(['GET', /^\/api\/admin\/users\?/], answer(503));
    renderAdminAt();
    const toast = await within(notifications()).findByRole('listitem');
    expect(toast).toHaveTextContent('[ERROR] Could not load users.');
    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(notifications()).toBeEmptyDOMElement();
  });
});

describe('on a phone (390 px)', () => {
  beforeEach(() => installViewport(390));

  const card = (name: string) => screen.getByRole('listitem', { name });

  it('shows each user as a card with its actions in reach, instead of a table wider than the screen', async () => {
    fakeAdminServer([ada, bob]);
    renderAdminAt();
    const list = await screen.findByRole('list', { name: 'Pending users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Ada Lovelace', 'Bob Builder']);

    const adaCard = card('Ada Lovelace');
    expect(adaCard).toHaveTextContent('ada@example.com');
    expect(adaCard).toHaveTextContent('Pending Approval');
    expect(within(adaCard).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(adaCard).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(card('Bob Builder')).getByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });

  it('approves from a card, and selects cards for the bulk actions', async () => {
    const server = fakeAdminServer([ada, cyd]);
    renderAdminAt();
    await screen.findByRole('list', { name: 'Pending users' });
    fireEvent.click(within(card('Ada Lovelace')).getByRole('button', { name: 'Approve' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Approve User' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await within(notifications()).findByText('[SUCCESS] User Ada Lovelace approved.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/users/11/approve')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all users' }));
    expect(within(card('Cyd Charisse')).getByRole('checkbox', { name: 'Select Cyd Charisse' })).toBeChecked();
    expect(screen.getByText('1 user(s) selected.')).toBeInTheDocument();
  });

  it('sorts without the table’s headers', async () => {
    const server = fakeAdminServer([ada, bob, cyd]);
    renderAdminAt();
    await screen.findByRole('list', { name: 'Pending users' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Pending users' }))
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Ada Lovelace', 'Bob Builder', 'Cyd Charisse']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    await waitFor(() => expect(new URLSearchParams(server.listQueries().at(-1)).get('sortOrder')).toBe('desc'));
    expect(screen.getByRole('button', { name: 'Sort ascending' })).toBeInTheDocument();
  });
});
