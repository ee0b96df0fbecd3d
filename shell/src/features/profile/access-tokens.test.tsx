import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AccessTokenDto, CreatedAccessTokenDto } from '@trackboard/contracts';
import { formatAbsoluteTime } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { SWRConfig } from 'swr';
import { signInAs } from '../../testing/render-shell';
import { AccessTokensSection } from './access-tokens';

// Personal access tokens on the profile page — create (shown once, with Copy), list, revoke.

const ci: AccessTokenDto = {
  id: '7',
  name: 'CI script',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: '2026-01-03T11:30:00.000Z',
  expiresAt: null,
};
const backup: AccessTokenDto = {
  id: '8',
  name: 'Nightly backup',
  createdAt: '2026-01-04T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2099-06-30T21:59:59.000Z',
};
const created: CreatedAccessTokenDto = {
  id: '9',
  name: 'Deploy bot',
  token: 'tb_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDE',
  createdAt: '2026-02-01T09:00:00.000Z',
  expiresAt: null,
};

const section = () => within(screen.getByRole('region', { name: 'Access tokens' }));
const rowOf = (name: string) => section().getByRole('row', { name: new RegExp(`^${name}`) });
/** A fresh SWR cache per test, so one test's list never shows in the next. */
const renderSection = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AccessTokensSection />
    </SWRConfig>,
  );

beforeEach(() => {
  signInAs();
});

describe('Access tokens (profile)', () => {
  it('lists each token with when it was created, last used and expires ("Never" when not)', async () => {
    fakeApi({ 'GET /api/auth/tokens': answer(200, [backup, ci]) });
    renderSection();
    await section().findByRole('table');
    const ciCells = within(rowOf('CI script')).getAllByRole('cell');
    expect(ciCells.map((cell) => cell.textContent)).toEqual([
      formatAbsoluteTime(ci.createdAt),
      formatAbsoluteTime(ci.lastUsedAt!),
      'Never',
      'Revoke',
    ]);
    const backupCells = within(rowOf('Nightly backup')).getAllByRole('cell');
    expect(backupCells[1]).toHaveTextContent('Never');
    expect(backupCells[2]).toHaveTextContent(formatAbsoluteTime(backup.expiresAt!));
    expect(section().getByRole('button', { name: 'Revoke CI script' })).toBeInTheDocument();
  });

  it('says a token has expired, so its owner knows why a script stopped', async () => {
    const old: AccessTokenDto = { ...ci, id: '3', name: 'Old script', expiresAt: '2020-05-01T10:00:00.000Z' };
    fakeApi({ 'GET /api/auth/tokens': answer(200, [old]) });
    renderSection();
    await section().findByRole('table');
    expect(within(rowOf('Old script')).getAllByRole('cell')[2]).toHaveTextContent(
      `Expired ${formatAbsoluteTime(old.expiresAt!)}`,
    );
  });

  it('says a new password revoked a token, and offers no Revoke for it', async () => {
    const at = '2026-03-01T08:00:00.000Z';
    const changed: AccessTokenDto = { ...ci, revoked: { at, reason: 'PASSWORD_CHANGE' } };
    const reset: AccessTokenDto = { ...backup, revoked: { at, reason: 'PASSWORD_RESET' } };
    fakeApi({ 'GET /api/auth/tokens': answer(200, [reset, changed]) });
    renderSection();
    await section().findByRole('table');
    expect(within(rowOf('CI script')).getAllByRole('cell')[2]).toHaveTextContent(
      `Revoked on password change ${formatAbsoluteTime(at)}`,
    );
    expect(within(rowOf('Nightly backup')).getAllByRole('cell')[2]).toHaveTextContent(
      `Revoked on password reset ${formatAbsoluteTime(at)}`,
    );
    expect(section().queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('says when there are none', async () => {
    fakeApi({ 'GET /api/auth/tokens': answer(200, []) });
    renderSection();
    expect(await section().findByText('No access tokens yet.')).toBeInTheDocument();
  });

  it('creates a token, shows it once with Copy and a warning, and adds it to the list', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'GET /api/auth/tokens': answer(200, [ci]), 'POST /api/auth/tokens': held.route });
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    await section().findByRole('table');
    fireEvent.change(section().getByLabelText('Token name'), { target: { value: '  Deploy bot ' } });
    fireEvent.click(section().getByRole('button', { name: 'Create token' }));
    expect(section().getByRole('button', { name: 'Creating...' })).toBeDisabled();

    held.release(answer(201, created));
    expect(await section().findByText(/Copy it now: it won’t be shown again\./)).toBeInTheDocument();
    expect(section().getByLabelText('New token')).toHaveValue(created.token);
    expect(server.callsTo('POST /api/auth/tokens')[0]!.body).toEqual({ name: 'Deploy bot', expiresAt: null });
    expect(server.callsTo('POST /api/auth/tokens')[0]!.headers.Authorization).toBe('Bearer t0ken');
    expect(section().getByLabelText('Token name')).toHaveValue('');
    expect(within(rowOf('Deploy bot')).getAllByRole('cell')[1]).toHaveTextContent('Never');
    // The list never holds the token itself.
    expect(section().getByRole('table')).not.toHaveTextContent(created.token);

    fireEvent.click(section().getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(created.token));
    expect(await section().findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('sends the chosen expiry day as its last second, local time', async () => {
    const server = fakeApi({ 'GET /api/auth/tokens': answer(200, []), 'POST /api/auth/tokens': answer(201, created) });
    renderSection();
    await section().findByText('No access tokens yet.');
    fireEvent.change(section().getByLabelText('Token name'), { target: { value: 'Until summer' } });
    fireEvent.change(section().getByLabelText('Expires on (optional)'), { target: { value: '2099-06-30' } });
    fireEvent.click(section().getByRole('button', { name: 'Create token' }));
    await section().findByLabelText('New token');
    expect(server.callsTo('POST /api/auth/tokens')[0]!.body).toEqual({
      name: 'Until summer',
      expiresAt: new Date('2099-06-30T23:59:59').toISOString(),
    });
  });

  it('refuses an empty name at the field without a call, and shows the server’s field errors there', async () => {
    const server = fakeApi({
      'GET /api/auth/tokens': answer(200, []),
      'POST /api/auth/tokens': answer(400, { message: 'expiresAt: must be in the future' }),
    });
    renderSection();
    await section().findByText('No access tokens yet.');
    fireEvent.click(section().getByRole('button', { name: 'Create token' }));
    expect(section().getByLabelText('Token name')).toHaveAccessibleDescription('Token name is required.');
    expect(server.callsTo('POST /api/auth/tokens')).toHaveLength(0);

    fireEvent.change(section().getByLabelText('Token name'), { target: { value: 'Old' } });
    fireEvent.change(section().getByLabelText('Expires on (optional)'), { target: { value: '2099-01-01' } });
    fireEvent.click(section().getByRole('button', { name: 'Create token' }));
    const expiry = section().getByLabelText('Expires on (optional)');
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription('Expiry date must be in the future.');
  });

  it('says the server’s refusal of a create (too many tokens)', async () => {
    const tooMany = 'You have too many access tokens. Revoke one you no longer use first.';
    fakeApi({ 'GET /api/auth/tokens': answer(200, []), 'POST /api/auth/tokens': answer(409, { message: tooMany }) });
    renderSection();
    await section().findByText('No access tokens yet.');
    fireEvent.change(section().getByLabelText('Token name'), { target: { value: 'One more' } });
    fireEvent.click(section().getByRole('button', { name: 'Create token' }));
    expect(await section().findByRole('alert')).toHaveTextContent(tooMany);
  });

  it('revokes a token after asking, and keeps it when the person says no', async () => {
    const server = fakeApi({
      'GET /api/auth/tokens': answer(200, [ci, backup]),
      'DELETE /api/auth/tokens/7': answer(204),
    });
    renderSection();
    await section().findByRole('table');
    fireEvent.click(section().getByRole('button', { name: 'Revoke CI script' }));
    // The app's own dialog, not the browser's confirm(); Cancel has the focus.
    const asked = await screen.findByRole('alertdialog', { name: 'Revoke the token?' });
    expect(asked).toHaveAccessibleDescription('Revoke “CI script”? Anything using it will stop working.');
    expect(within(asked).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('DELETE /api/auth/tokens/7')).toHaveLength(0);

    fireEvent.click(section().getByRole('button', { name: 'Revoke CI script' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(section().queryByRole('row', { name: /^CI script/ })).toBeNull());
    expect(server.callsTo('DELETE /api/auth/tokens/7')).toHaveLength(1);
    expect(rowOf('Nightly backup')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    fakeApi({
      'GET /api/auth/tokens': answer(403, {
        message: 'Personal access tokens cannot manage tokens, change the password or sign out.',
      }),
    });
    renderSection();
    expect(await section().findByRole('alert')).toHaveTextContent('Personal access tokens cannot manage tokens');
  });
});
