import { fireEvent, screen } from '@testing-library/react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../../testing/render-shell';

// "Forgot your password?" → /forgot-password → the mailed link → /reset-password.

const sent = "If an account exists for that address, we've sent a link.";
const used = 'This password reset link has already been used. Please request a new one.';
const done = 'Your password has been reset. You can now sign in with your new password.';
const tooGuessable = 'password: is too easy to guess. Use a longer passphrase that is not a common password.';

beforeEach(() => {
  installViewport(1280);
});

describe('Forgot password, /forgot-password', () => {
  function ask(email: string) {
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  }

  it('is where sign-in’s "Forgot your password?" leads', async () => {
    fakeApi();
    renderShell('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/forgot-password');
  });

  it('sends the address and shows the server’s one answer in place of the form', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'POST /api/auth/password-reset/request': held.route });
    renderShell('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    ask('  ada@example.com ');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

    held.release(answer(200, { message: sent }));
    expect((await screen.findByText(sent)).closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /api/auth/password-reset/request')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('says at the field that an address is needed, without a call', async () => {
    const server = fakeApi();
    renderShell('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    ask('not an address');
    const field = screen.getByLabelText('Email Address');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(server.callsTo('POST /api/auth/password-reset/request')).toHaveLength(0);
  });

  it('shows the server’s 400 at the field and a refusal (too many) above the form', async () => {
    const server = fakeApi({
      'POST /api/auth/password-reset/request': answer(400, { message: 'email: is too long' }),
    });
    renderShell('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    ask('ada@example.com');
    expect(await screen.findByText('Email address can be at most 254 characters.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    const tooMany = 'Too many password reset requests. Please try again later.';
    server.on('POST /api/auth/password-reset/request', answer(429, { message: tooMany }));
    ask('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
  });

  it('says passwords are off instead of the form, and leads back to sign in', async () => {
    fakeApi({ 'GET /api/auth/sign-in-options': answer(200, { sso: { name: 'Acme ID' }, passwords: false }) });
    renderShell('/forgot-password');
    expect(
      await screen.findByText('Passwords are turned off here: sign in with your organisation’s account.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('Reset password, /reset-password?token=…', () => {
  function choose(password: string, confirmPassword = password) {
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirmPassword } });
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
  }
  async function open(url = '/reset-password?token=tok-1') {
    renderShell(url);
    await screen.findByRole('heading', { name: 'Reset Password' });
  }

  it('spends nothing on opening; sends the token and password, ends the local session and offers to sign in', async () => {
    signInAs();
    const held = heldAnswer();
    const server = fakeApi({ 'POST /api/auth/password-reset/confirm': held.route });
    await open();
    expect(server.callsTo('POST /api/auth/password-reset/confirm')).toHaveLength(0);
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('At least 10 characters');
    choose('a brand new passphrase');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();

    held.release(answer(200, { message: done }));
    expect((await screen.findByText(done)).closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /api/auth/password-reset/confirm')[0]!.body).toEqual({
      token: 'tok-1',
      password: 'a brand new passphrase',
    });
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['a short password', 'short', 'short', 'New Password', 'New password must be at least 10 characters.'],
    ['no password', '', '', 'New Password', 'New password is required.'],
    [
      'passwords that differ',
      'a brand new passphrase',
      'a brand new passphrasE',
      'Confirm New Password',
      'Passwords do not match.',
    ],
  ])('refuses %s at the field, without a call', async (_case, password, confirmPassword, label, text) => {
    const server = fakeApi();
    await open();
    choose(password, confirmPassword);
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(text);
    expect(server.calls).toHaveLength(0);
  });

  it('shows the policy’s refusal at the field and keeps the form for another try', async () => {
    fakeApi({ 'POST /api/auth/password-reset/confirm': answer(400, { message: tooGuessable }) });
    await open();
    choose('password1234');
    const text = 'New password is too easy to guess. Use a longer passphrase that is not a common password.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(text);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('says a used or expired link cannot be used and offers a new one', async () => {
    fakeApi({ 'POST /api/auth/password-reset/confirm': answer(400, { message: used }) });
    await open();
    choose('a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says a link without a token is not valid', async () => {
    const server = fakeApi();
    await open('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link is not valid. Please request a new one.',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('keeps the form when the server could not answer', async () => {
    fakeApi({ 'POST /api/auth/password-reset/confirm': answer(502) });
    await open();
    choose('a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not set the new password. Please try again.');
    expect(screen.getByLabelText('New Password')).toHaveValue('a brand new passphrase');
  });
});

describe('their tab titles', () => {
  it.each([
    ['/forgot-password', 'Forgot Password', 'Forgot password · Trackboard'],
    ['/reset-password?token=x', 'Reset Password', 'Reset password · Trackboard'],
  ])('%s is titled for what it shows', async (path, heading, title) => {
    fakeApi();
    renderShell(path);
    await screen.findByRole('heading', { name: heading });
    expect(document.title).toBe(title);
  });
});
