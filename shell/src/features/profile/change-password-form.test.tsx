import { fireEvent, render, screen, within } from '@testing-library/react';
import { useSession } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { SWRConfig } from 'swr';
import { signInAs } from '../../testing/render-shell';
import { AccessTokensSection } from './access-tokens';
import { ChangePasswordForm } from './change-password-form';

// Signed-in users change their password on the profile page.

const changed = 'Your password has been changed. Your other sessions have been signed out.';

beforeEach(() => {
  signInAs();
});

const form = () => within(screen.getByRole('region', { name: 'Change Password' }));
function change(currentPassword: string, password: string, confirmPassword = password) {
  fireEvent.change(form().getByLabelText('Current Password'), { target: { value: currentPassword } });
  fireEvent.change(form().getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(form().getByLabelText('Confirm New Password'), { target: { value: confirmPassword } });
  fireEvent.click(form().getByRole('button', { name: 'Change Password' }));
}

describe('Change Password (profile)', () => {
  it('sends the current and new password, says it is done and empties the fields', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'PUT /api/auth/password': held.route });
    render(<ChangePasswordForm />);
    expect(form().getByLabelText('New Password')).toHaveAccessibleDescription('At least 10 characters');
    change('the old passphrase', 'a brand new passphrase');
    expect(form().getByRole('button', { name: 'Changing...' })).toBeDisabled();

    held.release(answer(200, { message: changed }));
    expect((await form().findByText(changed)).closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(server.callsTo('PUT /api/auth/password')[0]!.body).toEqual({
      currentPassword: 'the old passphrase',
      password: 'a brand new passphrase',
      keepAccessTokens: false,
    });
    expect(server.callsTo('PUT /api/auth/password')[0]!.headers.Authorization).toBe('Bearer t0ken');
    for (const label of ['Current Password', 'New Password', 'Confirm New Password'])
      expect(form().getByLabelText(label)).toHaveValue('');
    // This session stays signed in.
    expect(useSession.getState().token).toBe('t0ken');
  });

  it('keeps the access tokens only when “Keep my access tokens” is ticked, unticked again after', async () => {
    const server = fakeApi({ 'PUT /api/auth/password': answer(200, { message: changed }) });
    render(<ChangePasswordForm />);
    const keep = form().getByRole('checkbox', { name: 'Keep my access tokens' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'Unticked, changing the password revokes your personal access tokens, so one made by someone else stops working.',
    );
    fireEvent.click(keep);
    change('the old passphrase', 'a brand new passphrase');
    await form().findByText(changed);
    expect(server.callsTo('PUT /api/auth/password')[0]!.body).toMatchObject({ keepAccessTokens: true });
    expect(keep).not.toBeChecked();
  });

  it('refreshes the Access tokens list, which then shows the tokens the change revoked', async () => {
    const token = {
      id: '7',
      name: 'CI script',
      createdAt: '2026-01-02T10:00:00.000Z',
      lastUsedAt: null,
      expiresAt: null,
    };
    const revoked = { ...token, revoked: { at: '2026-03-01T08:00:00.000Z', reason: 'PASSWORD_CHANGE' } };
    const server = fakeApi({
      'GET /api/auth/tokens': answer(200, [token]),
      'PUT /api/auth/password': answer(200, { message: changed }),
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <ChangePasswordForm />
        <AccessTokensSection />
      </SWRConfig>,
    );
    await screen.findByRole('button', { name: 'Revoke CI script' });
    server.on('GET /api/auth/tokens', answer(200, [revoked]));
    change('the old passphrase', 'a brand new passphrase');
    expect(await screen.findByText(/^Revoked on password change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke CI script' })).toBeNull();
  });

  it('says at the field that the current password is wrong', async () => {
    fakeApi({ 'PUT /api/auth/password': answer(400, { message: 'currentPassword: is incorrect' }) });
    render(<ChangePasswordForm />);
    change('not my password', 'a brand new passphrase');
    const field = form().getByLabelText('Current Password');
    expect(await form().findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Current password is incorrect.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the policy’s refusal at the new password', async () => {
    fakeApi({
      'PUT /api/auth/password': answer(400, {
        message: 'password: is too easy to guess. Use a longer passphrase that is not a common password.',
      }),
    });
    render(<ChangePasswordForm />);
    change('the old passphrase', 'password1234');
    expect(
      await form().findByText(
        'New password is too easy to guess. Use a longer passphrase that is not a common password.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'no current password',
      '',
      'a brand new passphrase',
      undefined,
      'Current Password',
      'Current password is required.',
    ],
    [
      'a short new password',
      'old one',
      'short',
      undefined,
      'New Password',
      'New password must be at least 10 characters.',
    ],
    [
      'passwords that differ',
      'old one',
      'a brand new passphrase',
      'a brand new passphrasE',
      'Confirm New Password',
      'Passwords do not match.',
    ],
  ])('refuses %s at the field, without a call', async (_case, current, password, confirm, label, text) => {
    const server = fakeApi();
    render(<ChangePasswordForm />);
    change(current, password, confirm);
    expect(form().getByLabelText(label)).toHaveAccessibleDescription(text);
    expect(server.calls).toHaveLength(0);
  });

  it('shows any other refusal above the form', async () => {
    fakeApi({
      'PUT /api/auth/password': answer(429, { message: 'Too many wrong passwords. Please try again later.' }),
    });
    render(<ChangePasswordForm />);
    change('a guess', 'a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords. Please try again later.');
  });
});
