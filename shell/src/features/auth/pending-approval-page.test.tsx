import { act, fireEvent, screen } from '@testing-library/react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';

const waiting = { ...activeUser, status: 'PENDING_APPROVAL' };
const path = () => screen.getByTestId('current-path').textContent;

async function openPendingPage() {
  renderShell('/pending-approval');
  await screen.findByRole('heading', { name: 'Account Pending Approval' });
}

beforeEach(() => {
  installViewport(1280);
});
afterEach(() => jest.useRealTimers());

describe('Pending approval, /pending-approval', () => {
  it('an account approved since the last visit goes on to the dashboard after a reload', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(200, activeUser) });
    // What the browser still holds from the visit before the approval.
    localStorage.setItem('token', 'kept');
    localStorage.setItem('user', JSON.stringify(waiting));
    useSession.getState().restore();
    renderShell('/pending-approval');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
  });

  it('asks again when the window regains focus, and goes on once the account is ACTIVE', async () => {
    jest.useFakeTimers();
    const server = fakeApi({ 'GET /api/auth/profile': answer(200, waiting) });
    signInAs(waiting);
    await openPendingPage();
    // swr ignores focus for 5 s after mount (its focus throttle).
    await act(() => jest.advanceTimersByTimeAsync(6_000));

    server.on('GET /api/auth/profile', answer(200, activeUser));
    act(() => {
      fireEvent.focus(window);
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
    expect(useSession.getState().user).toMatchObject({ status: 'ACTIVE' });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ status: 'ACTIVE' });
  });

  it('asks every 30 seconds while the page is shown', async () => {
    jest.useFakeTimers();
    const server = fakeApi({ 'GET /api/auth/profile': answer(200, waiting) });
    signInAs(waiting);
    await openPendingPage();
    const asked = server.callsTo('GET /api/auth/profile').length;

    await act(() => jest.advanceTimersByTimeAsync(29_000));
    expect(server.callsTo('GET /api/auth/profile')).toHaveLength(asked);
    expect(path()).toBe('/pending-approval');

    server.on('GET /api/auth/profile', answer(200, activeUser));
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(server.callsTo('GET /api/auth/profile')).toHaveLength(asked + 1);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('does not ask while the tab is hidden', async () => {
    jest.useFakeTimers();
    const server = fakeApi({ 'GET /api/auth/profile': answer(200, waiting) });
    signInAs(waiting);
    await openPendingPage();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await act(() => jest.advanceTimersByTimeAsync(90_000));
      expect(server.callsTo('GET /api/auth/profile')).toHaveLength(0);
    } finally {
      visibility.mockRestore();
    }
  });

  it('stays while the account still awaits approval', async () => {
    jest.useFakeTimers();
    const server = fakeApi({ 'GET /api/auth/profile': answer(200, waiting) });
    signInAs(waiting);
    await openPendingPage();
    await act(() => jest.advanceTimersByTimeAsync(6_000));
    act(() => {
      fireEvent.focus(window);
    });
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(server.callsTo('GET /api/auth/profile')).toHaveLength(2);
    expect(path()).toBe('/pending-approval');
    expect(screen.getByRole('heading', { name: 'Account Pending Approval' })).toBeInTheDocument();
  });
});
