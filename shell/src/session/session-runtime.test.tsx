import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession, useTheme } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport, setSystemDark } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../testing/render-shell';

const root = document.documentElement;
const path = () => screen.getByTestId('current-path').textContent;

/** What a returning visitor's browser holds. */
function storedSession(user: object, token = 'kept') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  useSession.getState().restore();
}

beforeEach(() => {
  installViewport(1280);
  useTheme.setState({ mode: 'system' });
});

describe('app start', () => {
  it('shows a spinner while the stored session is checked, then stores the profile once', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'GET /api/auth/profile': held.route });
    storedSession({ ...activeUser, name: 'Old Name' });
    renderShell('/dashboard');
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeInTheDocument();

    held.release(answer(200, activeUser));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ name: 'Ada Lovelace' });

    fireEvent.click(
      within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('link', { name: 'Projects' }),
    );
    await screen.findByRole('heading', { name: 'mf_projects at /projects' });
    expect(server.callsTo('GET /api/auth/profile')).toHaveLength(1);
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer kept');
  });

  it('routes by the fresh status: an account approved since the last visit goes straight in', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(200, activeUser) });
    storedSession({ ...activeUser, status: 'PENDING_APPROVAL' });
    renderShell('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends an expired session to /login and forgets it', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(401, { message: 'Invalid or expired token' }) });
    storedSession(activeUser);
    renderShell('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('treats a corrupt stored user as signed out', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeApi();
    localStorage.setItem('token', 'kept');
    localStorage.setItem('user', '{oops');
    useSession.getState().restore();
    renderShell('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    // No call as the corrupt user (the sign-in page only asks how people sign in).
    expect(server.calls.filter((call) => call.path !== '/api/auth/sign-in-options')).toEqual([]);
    warn.mockRestore();
  });
});

describe('the 401 rule inside the app', () => {
  it('a 401 on a page call ends the session and opens /login', async () => {
    fakeApi({ 'GET /api/auth/profile': answer(401, { message: 'Invalid or expired token' }) });
    signInAs();
    renderShell('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
  });
});

describe('appearance from the profile', () => {
  it("applies the signed-in user's saved theme, lower-cased and stored, and follows the system again once logged out", async () => {
    fakeApi({ 'POST /api/auth/logout': answer(204) });
    signInAs({ ...activeUser, profileSettings: { ...activeUser.profileSettings, themePreference: 'DARK' } });
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(root).toHaveAttribute('data-theme', 'light'));
    expect(localStorage.getItem('theme')).toBeNull();
    act(() => setSystemDark(true));
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('applies font size and high contrast while signed in, and the defaults when signed out', async () => {
    fakeApi();
    signInAs({ ...activeUser, profileSettings: { fontSize: 'LARGE', highContrast: true, themePreference: 'SYSTEM' } });
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(root).toHaveAttribute('data-font-size', 'large');
    expect(root).toHaveAttribute('data-high-contrast', 'true');

    act(() => useSession.getState().signOut());
    expect(root).toHaveAttribute('data-font-size', 'medium');
    expect(root).not.toHaveAttribute('data-high-contrast');
  });

  it('keeps the stored theme item for a returning user until the profile says otherwise', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/auth/profile': held.route });
    localStorage.setItem('theme', 'dark');
    useTheme.setState({ mode: 'dark' });
    storedSession({ ...activeUser, profileSettings: { ...activeUser.profileSettings, themePreference: 'DARK' } });
    renderShell('/dashboard');
    expect(root).toHaveAttribute('data-theme', 'dark');

    held.release(
      answer(200, { ...activeUser, profileSettings: { ...activeUser.profileSettings, themePreference: 'LIGHT' } }),
    );
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(root).toHaveAttribute('data-theme', 'light'));
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
