import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { messages, type SessionDto } from '@trackboard/contracts';
import { formatAbsoluteTime } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { SWRConfig } from 'swr';
import { signInAs } from '../../testing/render-shell';
import { ActiveSessionsSection } from './active-sessions';

// The person's live sessions on the profile page: this device marked, the others signed out one by one.

const chromeLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const phone: SessionDto = {
  id: 's-3',
  createdAt: '2026-11-30T08:15:00.000Z',
  expiresAt: '2026-11-30T20:15:00.000Z',
  userAgent: safariIphone,
  ipAddress: '198.51.100.23',
  current: false,
  method: 'sso',
};
const laptop: SessionDto = {
  id: 's-2',
  createdAt: '2026-11-29T18:00:00.000Z',
  expiresAt: '2026-11-30T06:00:00.000Z',
  userAgent: firefoxWindows,
  ipAddress: '203.0.113.7',
  current: true,
  method: 'password',
};
const desktop: SessionDto = {
  id: 's-1',
  createdAt: '2026-11-29T09:30:00.000Z',
  expiresAt: '2026-11-29T21:30:00.000Z',
  userAgent: chromeLinux,
  ipAddress: '2001:db8::1',
  current: false,
  method: 'invitation',
};
/** As the server sends them: newest first. */
const all = [phone, laptop, desktop];

const section = () => within(screen.getByRole('region', { name: 'Active sessions' }));
const rows = () => section().getAllByRole('listitem');
const signOutLabel = (device: string, session: SessionDto) =>
  `Sign out ${device}, signed in ${formatAbsoluteTime(session.createdAt)}`;
/** A fresh SWR cache per test, so one test's list never shows in the next. */
const renderSection = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ActiveSessionsSection />
    </SWRConfig>,
  );

beforeEach(() => {
  signInAs();
});

describe('Active sessions (profile)', () => {
  it('says it is loading, then lists each session: this device first, marked in words and without a button', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/auth/sessions': held.route });
    renderSection();
    expect(section().getByText('Loading sessions…')).toHaveAttribute('role', 'status');

    held.release(answer(200, all));
    await section().findByRole('list');
    expect(rows().map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Firefox on Windows, This device',
      'Safari on iPhone',
      'Chrome on Linux',
    ]);
    const [current, other, oldest] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(current).toHaveTextContent(
      `Signed in ${formatAbsoluteTime(laptop.createdAt)} from 203.0.113.7 with a password`,
    );
    expect(other).toHaveTextContent(
      `Signed in ${formatAbsoluteTime(phone.createdAt)} from 198.51.100.23 with single sign-on`,
    );
    expect(oldest).toHaveTextContent(
      `Signed in ${formatAbsoluteTime(desktop.createdAt)} from 2001:db8::1 through an invitation`,
    );
    expect(within(current).queryByRole('button')).toBeNull();
    expect(within(other).getByRole('button', { name: signOutLabel('Safari on iPhone', phone) })).toHaveTextContent(
      'Sign out',
    );
    expect(within(oldest).getByRole('button', { name: signOutLabel('Chrome on Linux', desktop) })).toBeInTheDocument();
    expect(section().queryByText('No other sessions.')).toBeNull();
  });

  it('says "No other sessions." under this device when it is the only one', async () => {
    fakeApi({ 'GET /api/auth/sessions': answer(200, [laptop]) });
    renderSection();
    expect(await section().findByText('No other sessions.')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(section().queryByRole('button')).toBeNull();
  });

  it('leaves out the address when the server has none, and says "Unknown browser" for an unknown agent', async () => {
    fakeApi({ 'GET /api/auth/sessions': answer(200, [laptop, { ...desktop, userAgent: '', ipAddress: '' }]) });
    renderSection();
    await section().findByRole('list');
    const unknown = rows()[1]!;
    expect(unknown).toHaveTextContent(
      new RegExp(`^Unknown browserSigned in ${formatAbsoluteTime(desktop.createdAt)} through an invitation`),
    );
    expect(within(unknown).getByRole('button', { name: signOutLabel('Unknown browser', desktop) })).toBeInTheDocument();
  });

  it('signs another session out with its id, removes its row, says so politely and keeps the focus in the list', async () => {
    const server = fakeApi({
      'GET /api/auth/sessions': answer(200, all),
      'DELETE /api/auth/sessions/s-3': answer(204),
    });
    renderSection();
    await section().findByRole('list');
    const button = section().getByRole('button', { name: signOutLabel('Safari on iPhone', phone) });
    button.focus();
    fireEvent.click(button);

    expect(await section().findByText('Signed out Safari on iPhone.')).toHaveAttribute('role', 'status');
    expect(server.callsTo('DELETE /api/auth/sessions/s-3')).toHaveLength(1);
    expect(section().queryByText('Safari on iPhone')).toBeNull();
    expect(rows()).toHaveLength(2);
    // The next row's button, so a keyboard can go on from where it was.
    const next = section().getByRole('button', { name: signOutLabel('Chrome on Linux', desktop) });
    await waitFor(() => expect(next).toHaveFocus());
    expect(section().queryByRole('alert')).toBeNull();

    // The last other one gone: the card's heading has the focus, and this device stands alone.
    server.on('DELETE /api/auth/sessions/s-1', answer(204));
    fireEvent.click(next);
    expect(await section().findByText('Signed out Chrome on Linux.')).toBeInTheDocument();
    expect(section().getByText('No other sessions.')).toBeInTheDocument();
    await waitFor(() => expect(section().getByRole('heading', { name: 'Active sessions' })).toHaveFocus());
    expect(server.callsTo('GET /api/auth/sessions')).toHaveLength(1);
  });

  it('shows the server’s message when a sign-out fails, and keeps the row', async () => {
    const server = fakeApi({
      'GET /api/auth/sessions': answer(200, all),
      'DELETE /api/auth/sessions/s-1': answer(503, { message: 'The service is busy. Please try again.' }),
    });
    renderSection();
    await section().findByRole('list');
    fireEvent.click(section().getByRole('button', { name: signOutLabel('Chrome on Linux', desktop) }));
    expect(await section().findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    expect(server.callsTo('DELETE /api/auth/sessions/s-1')).toHaveLength(1);
    expect(section().getByText('Chrome on Linux')).toBeInTheDocument();
    expect(section().queryByText(/^Signed out/)).toBeNull();
  });

  it('says a session that has already ended, and drops it from the list', async () => {
    const server = fakeApi({
      'GET /api/auth/sessions': answer(200, all),
      'DELETE /api/auth/sessions/s-1': answer(404, { message: messages.sessionNotFound }),
    });
    renderSection();
    await section().findByRole('list');
    server.on('GET /api/auth/sessions', answer(200, [phone, laptop]));
    fireEvent.click(section().getByRole('button', { name: signOutLabel('Chrome on Linux', desktop) }));
    expect(await section().findByRole('alert')).toHaveTextContent(messages.sessionNotFound);
    await waitFor(() => expect(section().queryByText('Chrome on Linux')).toBeNull());
    expect(rows()).toHaveLength(2);
  });

  it('says when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/auth/sessions': answer(403, { message: messages.personalTokenRefused }) });
    renderSection();
    expect(await section().findByRole('alert')).toHaveTextContent(messages.personalTokenRefused);
    expect(section().queryByRole('list')).toBeNull();
  });
});
