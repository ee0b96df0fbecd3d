import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';

const notVerified = 'Your email address is not verified yet. Please check your inbox for the verification link.';
const rejected = 'Your account has been rejected. If you believe this is an error, please contact support.';
const suspended = 'Your account has been suspended. Please contact support.';

function signInWith(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const loginAnswers = (user: object) => ({ 'POST /api/auth/login': answer(200, { token: 'fresh', user }) });
const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => {
  installViewport(1280);
});

describe('Sign In, /login', () => {
  it('has the fields and links of the spec under "{name} by {provider}", fading in after 50 ms', async () => {
    fakeApi();
    renderShell('/login');
    const heading = await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.getByText('Trackboard')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');

    const fade = heading.closest('[data-shown]')!;
    expect(fade).toHaveAttribute('data-shown', 'false');
    await waitFor(() => expect(fade).toHaveAttribute('data-shown', 'true'));
  });

  it('checks the e-mail format and the password before calling the server', async () => {
    const server = fakeApi();
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('not-an-email', '');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs an ACTIVE account in: token and user stored, on to /', async () => {
    const server = fakeApi(loginAnswers(activeUser));
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith(' ada@example.com ', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
    expect(server.callsTo('POST /api/auth/login')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'ada@example.com', status: 'ACTIVE' });
  });

  it('returns an ACTIVE account to where the guard stopped it', async () => {
    fakeApi({ ...loginAnswers(activeUser), 'GET /api/auth/profile': answer(200, activeUser) });
    renderShell('/profile');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(path()).toBe('/profile');
  });

  it('sends a PENDING_APPROVAL account to /pending-approval', async () => {
    fakeApi(loginAnswers({ ...activeUser, status: 'PENDING_APPROVAL' }));
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Account Pending Approval' })).toBeInTheDocument();
    expect(path()).toBe('/pending-approval');
  });

  it('keeps a PENDING_VERIFICATION account here, in yellow, with a link that passes the e-mail on', async () => {
    fakeApi(loginAnswers({ ...activeUser, status: 'PENDING_VERIFICATION' }));
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'correct horse');

    const message = await screen.findByText(notVerified);
    const box = message.closest('[data-tone]')!;
    expect(box).toHaveAttribute('data-tone', 'notice');
    expect(path()).toBe('/login');
    expect(localStorage.getItem('token')).toBe('fresh');

    fireEvent.click(within(box as HTMLElement).getByRole('link', { name: 'Request a new verification email' }));
    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('reports an unexpected status and stores nothing', async () => {
    fakeApi(loginAnswers({ ...activeUser, status: 'ON_HOLD' }));
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'correct horse');
    expect(
      await screen.findByText(
        "Your account has an unexpected status ('ON_HOLD'). Please contact support for assistance.",
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    [
      'wrong credentials (401), yellow',
      answer(401, { message: 'Invalid email or password.' }),
      'Invalid email or password.',
      'notice',
    ],
    [
      'too many attempts (429), yellow',
      answer(429, { message: 'Too many login attempts. Please try again later.' }),
      'Too many login attempts. Please try again later.',
      'notice',
    ],
    ['a rejected account (403), red', answer(403, { message: rejected, status: 'REJECTED' }), rejected, 'error'],
    ['a suspended account (403), red', answer(403, { message: suspended, status: 'SUSPENDED' }), suspended, 'error'],
    ['a rejected account without the text, red', answer(403, { status: 'REJECTED' }), rejected, 'error'],
    [
      'a server failure without a message, red',
      answer(500),
      'Login Failed: Invalid credentials or server error.',
      'error',
    ],
  ])('shows %s', async (_case, reply, text, tone) => {
    fakeApi({ 'POST /api/auth/login': reply });
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'wrong');
    expect((await screen.findByText(text)).closest('[data-tone]')).toHaveAttribute('data-tone', tone);
    expect(path()).toBe('/login');
  });

  it('shows a network failure as the default text', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'x');
    expect(await screen.findByText('Login Failed: Invalid credentials or server error.')).toBeInTheDocument();
  });
});

describe('/login?logout=true', () => {
  it('ends the session on the server and here, then shows the plain sign-in screen', async () => {
    const server = fakeApi({ 'POST /api/auth/logout': answer(204) });
    signInAs();
    renderShell('/login?logout=true');
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(path()).toBe('/login'));
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reports, in red, a session that storage refuses to forget', async () => {
    fakeApi({ 'POST /api/auth/logout': answer(204) });
    signInAs();
    const remove = jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderShell('/login?logout=true');
    const message = await screen.findByText(
      'Logout failed. Please clear site data or contact support if issues persist.',
    );
    expect(message.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    remove.mockRestore();
    warn.mockRestore();
  });
});

describe('what the guard hands to /login', () => {
  it('shows why an unverified account was sent back, with the link on', async () => {
    fakeApi();
    signInAs({ ...activeUser, status: 'PENDING_VERIFICATION' });
    renderShell('/dashboard');
    const message = await screen.findByText(notVerified);
    expect(path()).toBe('/login');
    expect(
      within(message.closest('[data-tone]') as HTMLElement).getByRole('link', {
        name: 'Request a new verification email',
      }),
    ).toHaveAttribute('href', '/request-verification');
  });

  it('shows an unrecognized status in yellow', async () => {
    fakeApi();
    signInAs({ ...activeUser, status: 'LIMBO' });
    renderShell('/profile');
    const message = await screen.findByText('Your account status is unrecognized.');
    expect(message.closest('[data-tone]')).toHaveAttribute('data-tone', 'notice');
  });
});

describe('Sign In: errors at their fields', () => {
  it('says a password over the limit at the field as it is typed, and sends nothing', async () => {
    const server = fakeApi();
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'x'.repeat(201));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password can be at most 200 characters.');
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it("shows the server's 400 at the field, not as a notice", async () => {
    fakeApi({ 'POST /api/auth/login': answer(400, { message: 'email: is too long' }) });
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signInWith('ada@example.com', 'correct horse');
    const email = screen.getByLabelText('Email Address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email address can be at most 254 characters.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/email: is too long/)).toBeNull();
  });
});

describe('Sign In: single sign-on', () => {
  const withSso = (passwords: boolean) => ({
    'GET /api/auth/sign-in-options': answer(200, { sso: { name: 'Acme ID' }, passwords }),
  });
  const linkRequired = {
    message:
      'An account with this email address already exists. Enter its password once to sign in with Acme ID from now on.',
    link: { email: 'ada@example.com', provider: 'Acme ID' },
  };

  it('offers the provider beside the password form, starting from where the guard stopped the visitor', async () => {
    fakeApi(withSso(true));
    renderShell('/profile');
    const start = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(start).toHaveAttribute('href', '/api/auth/oidc/start?returnTo=%2Fprofile');
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('offers only the provider while passwords are off', async () => {
    fakeApi(withSso(false));
    renderShell('/login');
    const start = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(start).toHaveAttribute('href', '/api/auth/oidc/start?returnTo=%2F');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('completes the sign-on it came back from, says so meanwhile, and goes on to where it was started', async () => {
    const held = heldAnswer();
    const server = fakeApi({
      'POST /api/auth/oidc/session': held.route,
      'GET /api/auth/profile': answer(200, activeUser),
    });
    renderShell('/login?sso=1');
    expect(await screen.findByText('Completing single sign-on...')).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Password')).toBeNull();

    held.release(answer(200, { token: 'fresh', user: activeUser, returnTo: '/profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(path()).toBe('/profile');
    expect(server.callsTo('POST /api/auth/oidc/session')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('does not follow a returnTo that leaves the app', async () => {
    fakeApi({
      'POST /api/auth/oidc/session': answer(200, { token: 'fresh', user: activeUser, returnTo: '//evil.test' }),
    });
    renderShell('/login?sso=1');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
  });

  it('asks for the password of the account with that e-mail, and links it', async () => {
    const server = fakeApi({
      'POST /api/auth/oidc/session': answer(409, linkRequired),
      'POST /api/auth/oidc/link': answer(200, { token: 'fresh', user: activeUser, returnTo: '/dashboard' }),
    });
    renderShell('/login?sso=1');
    expect((await screen.findByText(linkRequired.message)).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'notice',
    );
    await waitFor(() => expect(path()).toBe('/login'));
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/oidc/link')[0]!.body).toEqual({ password: 'correct horse' });
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('says a wrong password as sign-in does, and keeps the form for another try', async () => {
    fakeApi({
      'POST /api/auth/oidc/session': answer(409, linkRequired),
      'POST /api/auth/oidc/link': answer(401, { message: 'Invalid email or password.' }),
    });
    renderShell('/login?sso=1');
    await screen.findByText(linkRequired.message);
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect((await screen.findByText('Invalid email or password.')).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'notice',
    );
    expect(screen.getByText(linkRequired.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link and sign in' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(linkRequired.message)).toBeNull();
  });

  it.each([
    [400, 'This single sign-on was not started in this browser, or it has expired. Please try again.'],
    [401, 'The identity provider did not confirm the sign-in. Please try again.'],
    [403, 'Accounts with this email domain cannot sign in here.'],
    [503, 'The identity provider cannot be reached. Please try again later.'],
  ])('shows a %i in red above the sign-in form, to try again', async (status, message) => {
    fakeApi({ ...withSso(true), 'POST /api/auth/oidc/session': answer(status, { message }) });
    renderShell('/login?sso=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).toHaveAttribute('data-tone', 'error');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Acme ID' })).toBeInTheDocument();
  });
});

describe('Sign In in German', () => {
  beforeEach(() => act(() => setLanguage('de')));
  afterEach(() => act(() => setLanguage(null)));

  it("labels the form in German and says the server's answer in German", async () => {
    const server = fakeApi({ 'POST /api/auth/login': answer(401, { message: 'Invalid email or password.' }) });
    renderShell('/login');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.title).toBe('Anmelden · Trackboard');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText('Noch kein Konto?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/register');

    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist falsch.')).toBeInTheDocument();
  });
});
