import { isAdmin } from '@trackboard/contracts';
import { readStoredSession, useSession } from './session-store';

beforeEach(() => localStorage.clear());

describe('stored session', () => {
  it('counts as signed in only with both a token and a user record', () => {
    localStorage.setItem('token', 'abc');
    expect(readStoredSession()).toEqual({ token: null, user: null });

    localStorage.setItem('user', JSON.stringify({ id: '1', email: 'a@example.com' }));
    expect(readStoredSession()).toEqual({ token: 'abc', user: { id: '1', email: 'a@example.com' } });
  });

  it('holds the user id as text, whatever the record had', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', JSON.stringify({ id: 1, email: 'a@example.com' }));
    expect(readStoredSession().user).toEqual({ id: '1', email: 'a@example.com' });
    localStorage.setItem('user', JSON.stringify({ id: '', email: 'a@example.com' }));
    expect(readStoredSession().user).toEqual({ email: 'a@example.com' });

    useSession.getState().signIn('abc', JSON.parse('{ "id": 7 }'));
    expect(useSession.getState().user).toEqual({ id: '7' });
    useSession.getState().updateUser(JSON.parse('{ "id": 8, "name": "Ada" }'));
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ id: '8', name: 'Ada' });
  });

  it('clears both items when the stored user is corrupt', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{not json');
    expect(readStoredSession()).toEqual({ token: null, user: null });
    expect(warn).toHaveBeenCalledWith('Invalid stored user data');
    warn.mockRestore();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('signIn stores token and user; signOut removes both', () => {
    useSession.getState().signIn('abc', { id: '7', email: 'b@example.com', role: 'user' });
    expect(useSession.getState()).toMatchObject({ token: 'abc', user: { id: '7' } });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ id: '7', email: 'b@example.com', role: 'user' });

    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('isAdmin', () => {
  it.each([
    [{ role: 'admin' }, true],
    [{ role: 'user', isAdmin: true }, true],
    [{ role: 'user' }, false],
    [{ role: 'team leader' }, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (user, expected) => {
    expect(isAdmin(user)).toBe(expected);
  });
});
