import { fireEvent, screen } from '@testing-library/react';
import { messages, type InvitationPreview } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';

// A project invitation's link, /invitations/{token}: what it offers depends on who opens it.

const preview = (fields: Partial<InvitationPreview> = {}): InvitationPreview => ({
  projectKey: 'WEB',
  projectName: 'Web Platform',
  email: 'ada@example.com',
  invitedBy: 'Grace Hopper',
  expiresAt: '2030-01-08T09:00:00.000Z',
  accountExists: true,
  ...fields,
});

const previewRoute = 'GET /api/invitations/tok-1/preview';
const acceptRoute = 'POST /api/invitations/tok-1/accept';
const accepted = answer(200, { projectKey: 'WEB', projectName: 'Web Platform' });
/** The app's bell, asked for once the project opens inside the app. */
const bell = { 'GET /api/notifications?unread=true&limit=1': answer(200, { notifications: [], unreadCount: 0 }) };
const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => {
  installViewport(1280);
});

describe('Project invitation, /invitations/{token}', () => {
  it.each([
    [404, messages.invitationNotFound],
    [409, messages.invitationExpired],
    [409, messages.invitationUsed],
  ])('says why a link is refused (%i), with the way to sign in', async (status, message) => {
    fakeApi({ [previewRoute]: answer(status, { message }) });
    renderShell('/invitations/tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('leads a signed-in visitor whose link is refused to the dashboard instead', async () => {
    signInAs();
    fakeApi({ [previewRoute]: answer(409, { message: messages.invitationUsed }) });
    renderShell('/invitations/tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invitationUsed);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lets the invited account join, whatever the case of its address, and opens the project', async () => {
    signInAs(activeUser, 'ada-token');
    const held = heldAnswer();
    const server = fakeApi({
      [previewRoute]: answer(200, preview({ email: 'Ada@Example.COM' })),
      [acceptRoute]: held.route,
      ...bell,
    });
    renderShell('/invitations/tok-1');
    expect(await screen.findByText('Grace Hopper invited you to Web Platform (WEB).')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join Web Platform' }));
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();

    held.release(accepted);
    expect(await screen.findByRole('heading', { name: 'mf_projects at /projects/WEB' })).toBeInTheDocument();
    expect(server.callsTo(acceptRoute)[0]!.headers.Authorization).toBe('Bearer ada-token');
  });

  it('tells another account whose invitation it is, and signs out here to the invited account’s way in', async () => {
    signInAs({ ...activeUser, email: 'bob@example.com' });
    const server = fakeApi({ [previewRoute]: answer(200, preview()), 'POST /api/auth/logout': answer(204) });
    renderShell('/invitations/tok-1');
    expect(await screen.findByText(messages.invitationForOtherEmail('ada@example.com'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(messages.invitationAccountExists)).toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(server.callsTo(acceptRoute)).toHaveLength(0);
  });

  it('sends the invited account to sign in, and back here to join', async () => {
    fakeApi({
      [previewRoute]: answer(200, preview()),
      'POST /api/auth/login': answer(200, { token: 'fresh', user: activeUser }),
    });
    renderShell('/invitations/tok-1');
    expect(await screen.findByText(messages.invitationAccountExists)).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper invited you to Web Platform.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Sign In' });
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Join Web Platform' })).toBeInTheDocument();
    expect(path()).toBe('/invitations/tok-1');
  });

  describe('someone new', () => {
    const newcomer = preview({ email: 'dee@example.com', accountExists: false });
    const dee = { ...activeUser, id: 'u-4', name: 'Dee Dee', email: 'dee@example.com' };

    function createAccount(name: string, password: string) {
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
      fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    }

    it('makes the account with the invitation’s e-mail, signs in and joins', async () => {
      const server = fakeApi({
        [previewRoute]: answer(200, newcomer),
        'POST /api/auth/invited-accounts': answer(201, { token: 'dee-token', user: dee }),
        [acceptRoute]: accepted,
        ...bell,
      });
      renderShell('/invitations/tok-1');
      expect(
        await screen.findByText('Grace Hopper invited you to Web Platform. Create your account to join.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Email Address')).toHaveValue('dee@example.com');
      expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');

      createAccount(' Dee Dee ', 'correct horse battery');
      expect(await screen.findByRole('heading', { name: 'mf_projects at /projects/WEB' })).toBeInTheDocument();
      expect(server.callsTo('POST /api/auth/invited-accounts')[0]!.body).toEqual({
        token: 'tok-1',
        name: 'Dee Dee',
        password: 'correct horse battery',
      });
      expect(server.callsTo(acceptRoute)[0]!.headers.Authorization).toBe('Bearer dee-token');
      expect(useSession.getState().user?.email).toBe('dee@example.com');
    });

    it('checks the name and the password’s length before sending', async () => {
      const server = fakeApi({ [previewRoute]: answer(200, newcomer) });
      renderShell('/invitations/tok-1');
      await screen.findByLabelText('Name');
      createAccount(' ', 'short');
      expect(screen.getByText('Name is required.')).toBeInTheDocument();
      expect(screen.getByText('Password must be at least 10 characters.')).toBeInTheDocument();
      expect(server.callsTo('POST /api/auth/invited-accounts')).toHaveLength(0);
    });

    it('says a password the server refuses at the field', async () => {
      fakeApi({
        [previewRoute]: answer(200, newcomer),
        'POST /api/auth/invited-accounts': answer(400, { message: messages.passwordTooGuessable }),
      });
      renderShell('/invitations/tok-1');
      await screen.findByLabelText('Name');
      createAccount('Dee Dee', 'password123');
      expect(await screen.findByText(/^Password is too easy to guess/)).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
      expect(useSession.getState().token).toBeNull();
    });

    it('turns to signing in when an account with the address was made meanwhile', async () => {
      fakeApi({
        [previewRoute]: answer(200, newcomer),
        'POST /api/auth/invited-accounts': answer(409, { message: messages.invitationAccountExists }),
      });
      renderShell('/invitations/tok-1');
      await screen.findByLabelText('Name');
      createAccount('Dee Dee', 'correct horse battery');
      expect(await screen.findByText(messages.invitationAccountExists)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
      expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    });
  });
});
