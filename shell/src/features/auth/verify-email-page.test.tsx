import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultAppConfig, useAppConfig, useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../../testing/render-shell';

const verified = 'Email successfully verified. Your account is now pending admin approval.';
const expired = 'Verification token has expired. Please request a new one.';
const invalid = 'Invalid verification token. Please try again or request a new one.';
const alreadyVerified = 'This email address has already been verified. Please sign in to continue.';
const sent = 'If an account with that email exists and requires verification, a new email has been sent.';

beforeEach(() => {
  installViewport(1280);
  useAppConfig.setState(defaultAppConfig);
});

function resend(email?: string) {
  if (email !== undefined) fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
}

describe('Verify e-mail, /verify-email', () => {
  it('verifies the token from the query, then offers to sign in', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'POST /api/auth/verify-email': held.route });
    renderShell('/verify-email?token=tok-123');
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();

    held.release(answer(200, { message: verified }));
    const message = await screen.findByText(verified);
    expect(message.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /api/auth/verify-email')).toHaveLength(1);
    expect(server.calls[0]!.body).toEqual({ token: 'tok-123' });
  });

  it.each([
    ['expired', expired],
    ['invalid', invalid],
  ])('shows an %s token with a resend form and links to register again or sign in', async (_case, text) => {
    fakeApi({ 'POST /api/auth/verify-email': answer(400, { message: text }) });
    renderShell('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  // The server answers 409 for a link whose account is verified already.
  it.each([
    ['the server’s message', { message: alreadyVerified }],
    ['the catalogue’s text when the answer has none', undefined],
  ])(
    'a link opened again: says the e-mail is already verified and offers sign-in, no resend (%s)',
    async (_case, body) => {
      fakeApi({ 'POST /api/auth/verify-email': answer(409, body) });
      renderShell('/verify-email?token=used');
      const message = await screen.findByText(alreadyVerified);
      expect(message.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Register again' })).not.toBeInTheDocument();
    },
  );

  it('resends from the error state: resending, then the success text', async () => {
    const held = heldAnswer();
    const server = fakeApi({
      'POST /api/auth/verify-email': answer(400, { message: expired }),
      'POST /api/auth/resend-verification': held.route,
    });
    renderShell('/verify-email?token=old');
    await screen.findByText(expired);
    resend(' ada@example.com ');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

    held.release(answer(200, { message: sent }));
    expect((await screen.findByText(sent)).closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(server.callsTo('POST /api/auth/resend-verification')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows a resend error: the server message, else the default', async () => {
    const server = fakeApi({
      'POST /api/auth/resend-verification': answer(429, { message: 'Too many requests. Please try again later.' }),
    });
    renderShell('/verify-email');
    await screen.findByText('No verification token found...');
    resend('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');

    server.on('POST /api/auth/resend-verification', answer(500));
    resend();
    expect(
      await screen.findByText('Unable to send verification email to this address. Please try again.'),
    ).toBeInTheDocument();
  });

  it('asks for an e-mail before resending', async () => {
    const server = fakeApi();
    renderShell('/verify-email');
    await screen.findByText('No verification token found...');
    resend('  ');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter your email address to resend the verification link.',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('without a token: says so, offers a resend form prefilled with the signed-up e-mail, and manual code entry', async () => {
    const server = fakeApi({ 'POST /api/auth/verify-email': answer(200, { message: verified }) });
    signInAs({ id: 'u-1', email: 'ada@example.com', status: 'PENDING_VERIFICATION' });
    renderShell('/verify-email');
    expect(await screen.findByText('No verification token found...')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(server.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Verification Code'), { target: { value: ' code-42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(verified)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/verify-email?token=code-42');
    expect(server.calls[0]!.body).toEqual({ token: 'code-42' });
  });
});

describe('"Email Verification Required", /request-verification (spec §2.5)', () => {
  it('explains, links to manual entry and back to login (logging out), and resends to the e-mail passed along', async () => {
    const server = fakeApi({ 'POST /api/auth/resend-verification': answer(200, { message: sent }) });
    signInAs({ id: 'u-1', email: 'ada@example.com', status: 'PENDING_VERIFICATION' });
    renderShell('/request-verification');
    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getByText(/A verification email has been sent to/)).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('link', { name: 'Enter it manually' })).toHaveAttribute('href', '/verify-email');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login?logout=true');
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();

    resend();
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/resend-verification')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('asks for the e-mail when none was passed along', async () => {
    fakeApi();
    renderShell('/request-verification');
    await screen.findByRole('heading', { name: 'Email Verification Required' });
    resend('');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter your email address to resend the verification link.',
    );
  });

  it('"Back to Login" ends the session', async () => {
    const server = fakeApi({ 'POST /api/auth/logout': answer(204) });
    signInAs({ id: 'u-1', email: 'ada@example.com', status: 'PENDING_VERIFICATION' });
    renderShell('/request-verification');
    fireEvent.click(await screen.findByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(useSession.getState().token).toBeNull();
  });
});

describe('Pending approval, /pending-approval', () => {
  it('says the account awaits approval, gives the support address, and Logout only navigates to /login', async () => {
    const server = fakeApi();
    signInAs({ id: 'u-1', email: 'ada@example.com', status: 'PENDING_APPROVAL' });
    renderShell('/pending-approval');
    expect(await screen.findByRole('heading', { name: 'Account Pending Approval' })).toBeInTheDocument();
    expect(screen.getByText(/awaiting approval/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'admin@trackboard.local' })).toHaveAttribute(
      'href',
      'mailto:admin@trackboard.local',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/);
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(useSession.getState().token).toBe('t0ken');
  });

  it('names the support contact and the product as the gateway is configured', async () => {
    fakeApi();
    useAppConfig.setState({ name: 'Tracker', provider: 'Acme', supportEmail: 'help@acme.test' });
    signInAs({ id: 'u-1', email: 'ada@example.com', status: 'PENDING_APPROVAL' });
    renderShell('/pending-approval');
    expect(await screen.findByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
    expect(screen.getByText('Tracker by Acme')).toBeInTheDocument();
  });
});
