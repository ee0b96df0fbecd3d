import { onUnauthorized } from '../api/api-client';
import { answer, fakeApi, heldAnswer } from '../testing/fake-api';
import { confirmStoredSession, logout, recheckSession } from './session-api';
import { useSession } from './session-store';

const stored = { id: 'u-1', email: 'ada@example.com', status: 'PENDING_APPROVAL', name: 'Ada' };

function storeSession(token = 'abc', user: object = stored) {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  useSession.getState().restore();
}

beforeEach(() => localStorage.clear());

describe('app start', () => {
  it('is checked at once when nothing is stored, without calling the server', async () => {
    const server = fakeApi();
    useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, checked: true });
    await confirmStoredSession();
    expect(server.calls).toHaveLength(0);
  });

  it('confirms a stored session once with GET /auth/profile and stores the answer', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'GET /api/auth/profile': held.route });
    storeSession();
    expect(useSession.getState().checked).toBe(false);

    const first = confirmStoredSession();
    const second = confirmStoredSession();
    held.release(answer(200, { ...stored, status: 'ACTIVE', bio: 'Hi' }));
    await Promise.all([first, second]);
    await confirmStoredSession();

    expect(server.callsTo('GET /api/auth/profile')).toHaveLength(1);
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer abc');
    expect(useSession.getState()).toMatchObject({ checked: true, token: 'abc', user: { status: 'ACTIVE', bio: 'Hi' } });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ status: 'ACTIVE', bio: 'Hi' });
  });

  it('ends the session when the server no longer knows the token (401)', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(401, { message: 'Invalid or expired token' }) });
    const leave = jest.fn();
    const unregister = onUnauthorized(leave);
    storeSession();
    await confirmStoredSession();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, checked: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(leave).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('keeps the stored session when the check fails otherwise (offline, 500)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ 'GET /api/auth/profile': answer(500, { message: 'Internal server error' }) });
    storeSession();
    await confirmStoredSession();
    expect(useSession.getState()).toMatchObject({ token: 'abc', user: stored, checked: true });
    expect(warn).toHaveBeenCalledWith('Session check failed', expect.anything());
    warn.mockRestore();
  });
});

describe('logout', () => {
  it('revokes the token on the server, then removes token and user', async () => {
    const server = fakeApi({ 'POST /api/auth/logout': answer(204) });
    storeSession();
    await logout();
    expect(server.callsTo('POST /api/auth/logout')[0]!.headers.Authorization).toBe('Bearer abc');
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ends the local session even when the server call fails', async () => {
    fakeApi({ 'POST /api/auth/logout': answer(503, { message: 'Service unavailable' }) });
    storeSession();
    await expect(logout()).resolves.toBeUndefined();
    expect(useSession.getState().token).toBeNull();
  });

  it('calls the server once for overlapping logouts, and not at all without a token', async () => {
    const server = fakeApi({ 'POST /api/auth/logout': answer(204) });
    storeSession();
    await Promise.all([logout(), logout()]);
    await logout();
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('rejects when storage refuses to forget the session', async () => {
    fakeApi({ 'POST /api/auth/logout': answer(204) });
    storeSession();
    const remove = jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    await expect(logout()).rejects.toThrow('SecurityError');
    remove.mockRestore();
  });
});

describe('the server closing the realtime connection', () => {
  it('sends a revoked session (a suspension, a deletion) to sign in', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(401, { message: 'Invalid or expired token' }) });
    const leave = jest.fn();
    const unregister = onUnauthorized(leave);
    storeSession('abc', { ...stored, status: 'ACTIVE' });
    await recheckSession();
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(leave).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('keeps a live session, with the account as the server has it now', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(200, { ...stored, status: 'ACTIVE', role: 'user' }) });
    storeSession('abc', { ...stored, status: 'ACTIVE', role: 'admin' });
    await recheckSession();
    expect(useSession.getState()).toMatchObject({ token: 'abc', user: { role: 'user' } });
  });

  it('asks nothing when signed out', async () => {
    const server = fakeApi();
    useSession.getState().restore();
    await recheckSession();
    expect(server.calls).toHaveLength(0);
  });
});
