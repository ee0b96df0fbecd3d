import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, type UserDto } from '@trackboard/contracts';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';

// The profile's notification settings, per kind Off / In app / In app and e-mail.

const profile: UserDto = { ...activeUser };
const settingsPath = 'GET /api/notifications/settings';
const savePath = 'PUT /api/notifications/settings';

async function openSettings(routes = {}) {
  const server = fakeApi({
    'GET /api/auth/profile': answer(200, profile),
    'GET /api/notifications?unread=true&limit=1': answer(200, { notifications: [], unreadCount: 0 }),
    [settingsPath]: answer(200, DEFAULT_NOTIFICATION_SETTINGS),
    ...routes,
  });
  signInAs(profile);
  renderShell('/profile');
  const section = await screen.findByRole('region', { name: 'Notifications' });
  return { server, section: within(section) };
}

const group = (section: ReturnType<typeof within>, name: string) => within(section.getByRole('group', { name }));

beforeEach(() => {
  installViewport(1280);
});

describe('notification settings on the profile', () => {
  it('shows each kind with its three choices, the saved one checked', async () => {
    const { section } = await openSettings({
      [settingsPath]: answer(200, { ...DEFAULT_NOTIFICATION_SETTINGS, comment: 'off' }),
    });
    await section.findByRole('group', { name: 'Assigned to me' });
    expect(section.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Assigned to me',
      'Mentioned',
      'Replies to my comments',
      'Comments on issues I watch',
      'Status changes on issues I watch',
      'Added to a project',
    ]);
    const assigned = group(section, 'Assigned to me');
    expect(assigned.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual(
      ['Off', 'In app', 'In app and e-mail'],
    );
    expect(assigned.getByRole('radio', { name: 'In app and e-mail' })).toBeChecked();
    expect(group(section, 'Comments on issues I watch').getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(group(section, 'Status changes on issues I watch').getByRole('radio', { name: 'In app' })).toBeChecked();
  });

  it('saves a choice at once, only that kind, showing "Saving..." until the server answers', async () => {
    const held = heldAnswer();
    const { server, section } = await openSettings({ [savePath]: held.route });
    const status = await section.findByRole('group', { name: 'Status changes on issues I watch' });
    fireEvent.click(within(status).getByRole('radio', { name: 'Off' }));

    expect(within(status).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(status).getByText('Saving...')).toBeInTheDocument();
    expect(server.callsTo(savePath).map((call) => call.body)).toEqual([{ status: 'off' }]);
    held.release(answer(200, { ...DEFAULT_NOTIFICATION_SETTINGS, status: 'off' }));
    await waitFor(() => expect(within(status).queryByText('Saving...')).not.toBeInTheDocument());
    expect(within(status).getByRole('radio', { name: 'Off' })).toBeChecked();
  });

  it('puts the choice back and says why when the server refuses it', async () => {
    const { section } = await openSettings({
      [savePath]: answer(400, { message: 'mentioned: must be off, app or app+email' }),
    });
    const mentioned = await section.findByRole('group', { name: 'Mentioned' });
    fireEvent.click(within(mentioned).getByRole('radio', { name: 'In app' }));
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Failed to save mentioned: mentioned: must be off, app or app+email',
    );
    expect(within(mentioned).getByRole('radio', { name: 'In app and e-mail' })).toBeChecked();
  });

  it('says so when the settings cannot be loaded', async () => {
    const { section } = await openSettings({ [settingsPath]: answer(503) });
    expect(await section.findByRole('alert')).toHaveTextContent('Could not load notification settings.');
  });
});
