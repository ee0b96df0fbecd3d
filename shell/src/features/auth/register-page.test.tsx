import { fireEvent, screen } from '@testing-library/react';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell } from '../../testing/render-shell';

type Form = { username: string; email: string; password: string; confirmPassword: string };
const filled: Form = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

function register(form: Form) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: form.username } });
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: form.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: form.password } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: form.confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

async function openRegister() {
  renderShell('/register');
  await screen.findByRole('heading', { name: 'Create Account' });
}

beforeEach(() => {
  installViewport(1280);
});

describe('Create Account, /register', () => {
  it('offers username, email, password and confirmPassword, and a way to sign in', async () => {
    fakeApi();
    await openRegister();
    for (const label of ['Username', 'Email Address', 'Password', 'Confirm Password'])
      expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByText('Trackboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it.each<[string, Partial<Form>]>([
    ['username', { username: ' ' }],
    ['email', { email: '' }],
    ['password', { password: '', confirmPassword: '' }],
    ['confirmPassword', { confirmPassword: '' }],
  ])('requires %s', async (_field, blank) => {
    const server = fakeApi();
    await openRegister();
    register({ ...filled, ...blank });
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
    expect(server.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('refuses passwords that do not match', async () => {
    const server = fakeApi();
    await openRegister();
    register({ ...filled, confirmPassword: 'correct horsE' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(server.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('sends the username as the name, stores the session and replaces the form with the check-your-e-mail notice', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'POST /api/auth/register': held.route });
    await openRegister();
    register(filled);
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();

    held.release(answer(201, { token: 'new', user: { ...activeUser, status: 'PENDING_VERIFICATION' } }));
    expect(await screen.findByText(/check your email \(and your spam folder\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /api/auth/register')[0]!.body).toEqual({
      name: 'ada',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(localStorage.getItem('token')).toBe('new');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ status: 'PENDING_VERIFICATION' });
  });

  it("shows the server's message", async () => {
    fakeApi({ 'POST /api/auth/register': answer(409, { message: 'An account with this email already exists.' }) });
    await openRegister();
    register(filled);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('falls back to the default text without one', async () => {
    fakeApi({ 'POST /api/auth/register': answer(502) });
    await openRegister();
    register(filled);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again or contact support.',
    );
  });

  describe('errors at their fields', () => {
    it('says how long a password must be before anything is sent', async () => {
      fakeApi();
      await openRegister();
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 10 characters');
    });

    it('refuses a short password and a long username at the fields, without a call', async () => {
      const server = fakeApi();
      await openRegister();
      register({ ...filled, username: 'a'.repeat(101), password: 'short', confirmPassword: 'short' });
      const password = screen.getByLabelText('Password');
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription('Password must be at least 10 characters.');
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username can be at most 100 characters.');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(server.callsTo('POST /api/auth/register')).toHaveLength(0);
    });

    it.each([
      [
        'password: is too easy to guess. Use a longer passphrase that is not a common password.',
        'Password',
        'Password is too easy to guess. Use a longer passphrase that is not a common password.',
      ],
      ['name: is too long', 'Username', 'Username can be at most 100 characters.'],
      ['email: must be a valid e-mail address', 'Email Address', 'Email address must be a valid e-mail address.'],
    ])("shows the server's 400 %j at the field, not as a banner", async (message, label, text) => {
      fakeApi({ 'POST /api/auth/register': answer(400, { message }) });
      await openRegister();
      register(filled);
      const field = screen.getByLabelText(label);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(text);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('says passwords are off instead of the form, and leads back to sign in', async () => {
    fakeApi({ 'GET /api/auth/sign-in-options': answer(200, { sso: { name: 'Acme ID' }, passwords: false }) });
    await openRegister();
    expect(
      (await screen.findByText('Passwords are turned off here: sign in with your organisation’s account.')).closest(
        '[data-tone]',
      ),
    ).toHaveAttribute('data-tone', 'notice');
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });
});
