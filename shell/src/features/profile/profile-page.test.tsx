import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AccessTokenDto, UserDto } from '@trackboard/contracts';
import { setLanguage, setTimeZone, useSession, useTheme } from '@trackboard/web-kit';
import {
  answer,
  fakeApi,
  heldAnswer,
  installViewport,
  type FakeRoute,
  type RecordedCall,
} from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';
import { fallbackAvatar } from './avatar-card';
import ProfilePage from './profile-page';

const root = document.documentElement;
const profile: UserDto = { ...activeUser, bio: 'Counts things.', avatarUrl: null };
const withSettings = (settings: Partial<UserDto['profileSettings']>): UserDto => ({
  ...profile,
  profileSettings: { ...profile.profileSettings, ...settings },
});

async function openProfile(loaded: UserDto = profile, routes = {}) {
  const server = fakeApi({ 'GET /api/auth/profile': answer(200, loaded), ...routes });
  signInAs(loaded);
  renderShell('/profile');
  await screen.findByRole('heading', { name: 'Profile Information' });
  return server;
}

const appearance = () => within(screen.getByRole('region', { name: 'Appearance Preferences' }));

beforeEach(() => {
  installViewport(1280);
  useTheme.setState({ mode: 'system' });
});

describe('profile screen states', () => {
  it('says "Authenticating..." while the session is checked', () => {
    useSession.setState({ token: 't', user: { id: '1' }, checked: false });
    render(<ProfilePage />);
    expect(screen.getByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(screen.getByText('Authenticating...')).toBeInTheDocument();
  });

  it('asks the signed-out to log in', () => {
    render(<ProfilePage />);
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
  });

  it('shows a skeleton while the profile loads, then the profile', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/auth/profile': held.route });
    signInAs();
    renderShell('/profile');
    expect(await screen.findByTestId('profile-skeleton')).toBeInTheDocument();
    held.release(answer(200, profile));
    expect(await screen.findByLabelText('Username')).toHaveValue('Ada Lovelace');
    expect(screen.queryByTestId('profile-skeleton')).not.toBeInTheDocument();
  });

  it.each([
    ['the server message', answer(500, { message: 'Service unavailable' }), 'Error: Service unavailable'],
    ['the default', answer(500), 'Error: Could not load profile.'],
  ])('shows a load failure with %s', async (_case, reply, text) => {
    fakeApi({ 'GET /api/auth/profile': reply });
    signInAs();
    renderShell('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('avatar card', () => {
  it('shows the image, and the fallback image when it fails to load', async () => {
    await openProfile({ ...profile, avatarUrl: 'https://img.example/ada.png' });
    const image = screen.getByRole('img', { name: "Ada Lovelace's avatar" });
    expect(image).toHaveAttribute('src', 'https://img.example/ada.png');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', fallbackAvatar);
  });

  it("shows the name's first letter without an image, with name and e-mail", async () => {
    await openProfile({ ...profile, name: 'ada' });
    const card = within(screen.getByRole('region', { name: 'Avatar' }));
    expect(card.getByTestId('avatar-initial')).toHaveTextContent(/^A$/);
    expect(card.getByRole('heading', { name: 'ada' })).toBeInTheDocument();
    expect(card.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('shows "?" and the placeholders when name and e-mail are missing', async () => {
    await openProfile({ ...profile, name: '', email: '' });
    const card = within(screen.getByRole('region', { name: 'Avatar' }));
    expect(card.getByTestId('avatar-initial')).toHaveTextContent(/^\?$/);
    expect(card.getByText('Username Not Set')).toBeInTheDocument();
    expect(card.getByText('Email Not Set')).toBeInTheDocument();
  });
});

describe('choosing a picture', () => {
  const card = () => within(screen.getByRole('region', { name: 'Avatar' }));
  const choose = (file: File) =>
    fireEvent.change(card().getByLabelText('Choose a picture'), { target: { files: [file] } });
  const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

  it('sends the chosen picture and shows the square the server kept, everywhere the session shows it', async () => {
    const kept = { ...profile, avatarUrl: '/api/auth/avatars/3f1c.webp' };
    const server = await openProfile(profile, { 'PUT /api/auth/avatar': answer(200, kept) });
    expect(card().getByRole('button', { name: 'Upload picture' })).toBeInTheDocument();
    expect(card().queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
    choose(photo);
    expect(await card().findByRole('img', { name: "Ada Lovelace's avatar" })).toHaveAttribute('src', kept.avatarUrl);
    expect(server.callsTo('PUT /api/auth/avatar')).toHaveLength(1);
    expect(useSession.getState().user?.avatarUrl).toBe(kept.avatarUrl);
    expect(card().getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });

  it('removes the picture, and says why when the server refuses one', async () => {
    const server = await openProfile(
      { ...profile, avatarUrl: '/api/auth/avatars/3f1c.webp' },
      {
        'DELETE /api/auth/avatar': answer(200, profile),
        'PUT /api/auth/avatar': answer(400, {
          message: 'body: must be a picture (PNG, JPEG, WebP, GIF, AVIF or TIFF)',
        }),
      },
    );
    fireEvent.click(card().getByRole('button', { name: 'Remove picture' }));
    expect(await card().findByTestId('avatar-initial')).toHaveTextContent('A');
    expect(server.callsTo('DELETE /api/auth/avatar')).toHaveLength(1);
    choose(new File(['not a picture'], 'notes.txt', { type: 'text/plain' }));
    expect(await card().findByText(/^Could not save the picture: /)).toBeInTheDocument();
  });
});

describe('profile form', () => {
  it('shows the e-mail read-only and disabled, and the bio with its placeholder', async () => {
    await openProfile();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('placeholder', 'Tell us a little about yourself...');
    expect(screen.getByLabelText('Bio')).toHaveValue('Counts things.');
  });

  it('sends only name and bio, shows "Updating..." meanwhile, then the success alert and the new name', async () => {
    const held = heldAnswer();
    const server = await openProfile(profile, { 'PUT /api/users/profile': held.route });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Ada King' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Poet of science.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile Info' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();

    held.release(answer(200, { ...profile, name: 'Ada King', bio: 'Poet of science.' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ name: 'Ada King', bio: 'Poet of science.' });
    expect(
      within(screen.getByRole('region', { name: 'Avatar' })).getByRole('heading', { name: 'Ada King' }),
    ).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ name: 'Ada King' });
  });

  it.each([
    [
      'a refused field in words',
      answer(400, { message: 'name: is too long' }),
      'Profile update failed: Username can be at most 100 characters.',
    ],
    ['the server message', answer(400, { message: 'Something else.' }), 'Profile update failed: Something else.'],
    ['"Please try again."', answer(500), 'Profile update failed: Please try again.'],
  ])('reports a failed update with %s', async (_case, reply, text) => {
    await openProfile(profile, { 'PUT /api/users/profile': reply });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile Info' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('requires a username', async () => {
    const server = await openProfile();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile Info' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/profile')).toHaveLength(0);
  });

  it('blocks submitting while the e-mail does not look like one', async () => {
    await openProfile({ ...profile, email: 'ada at example' });
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Profile Info' })).toBeDisabled();
  });
});

describe('appearance preferences', () => {
  it('offers theme and font size buttons and the high contrast checkbox, marking the current ones', async () => {
    await openProfile(withSettings({ themePreference: 'DARK', fontSize: 'SMALL', highContrast: true }));
    for (const name of ['Light', 'Dark', 'System', 'Small', 'Medium', 'Large'])
      expect(appearance().getByRole('button', { name })).toBeInTheDocument();
    expect(appearance().getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
    expect(appearance().getByRole('button', { name: 'Small' })).toHaveAttribute('aria-pressed', 'true');
    expect(appearance().getByRole('checkbox', { name: 'High Contrast Mode' })).toBeChecked();
  });

  it('applies a theme at once, saves it alone, and holds every control while saving', async () => {
    const held = heldAnswer();
    const server = await openProfile(profile, { 'PUT /api/users/profile': held.route });
    fireEvent.click(appearance().getByRole('button', { name: 'Dark' }));

    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(appearance().getByRole('button', { name: 'Saving...' })).toBeDisabled();
    for (const name of ['Light', 'System', 'Small', 'Medium', 'Large'])
      expect(appearance().getByRole('button', { name })).toBeDisabled();
    expect(appearance().getByRole('checkbox', { name: 'High Contrast Mode' })).toBeDisabled();
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { themePreference: 'DARK' } });

    held.release(answer(200, withSettings({ themePreference: 'DARK' })));
    await waitFor(() =>
      expect(appearance().getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(appearance().getByRole('button', { name: 'Light' })).toBeEnabled();
    expect(useSession.getState().user?.profileSettings).toMatchObject({ themePreference: 'DARK' });
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('puts the theme back and says why when saving it fails', async () => {
    await openProfile(withSettings({ themePreference: 'LIGHT' }), {
      'PUT /api/users/profile': answer(503, { message: 'Service unavailable' }),
    });
    expect(root).toHaveAttribute('data-theme', 'light');
    fireEvent.click(appearance().getByRole('button', { name: 'Dark' }));
    expect(await screen.findByText('Failed to save theme: Service unavailable')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('saves a font size and applies it to the page once saved', async () => {
    const held = heldAnswer();
    const server = await openProfile(profile, { 'PUT /api/users/profile': held.route });
    fireEvent.click(appearance().getByRole('button', { name: 'Large' }));
    expect(appearance().getByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { fontSize: 'LARGE' } });

    held.release(answer(200, withSettings({ fontSize: 'LARGE' })));
    await waitFor(() => expect(root).toHaveAttribute('data-font-size', 'large'));
    expect(appearance().getByRole('button', { name: 'Large' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves high contrast with "Saving..." beside it, and reports a failure', async () => {
    const held = heldAnswer();
    const server = await openProfile(profile, { 'PUT /api/users/profile': held.route });
    fireEvent.click(appearance().getByRole('checkbox', { name: 'High Contrast Mode' }));
    expect(appearance().getByText('Saving...')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { highContrast: true } });

    held.release(answer(500));
    expect(await screen.findByText('Failed to save high contrast: Please try again.')).toBeInTheDocument();
    expect(appearance().getByRole('checkbox', { name: 'High Contrast Mode' })).not.toBeChecked();
    expect(root).not.toHaveAttribute('data-high-contrast');
  });
});

describe('language and region', () => {
  const card = () => within(screen.getByRole('region', { name: 'Language and region' }));
  const token: AccessTokenDto = {
    id: '7',
    name: 'CI script',
    createdAt: '2026-01-02T20:30:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
  };
  const tokenCreated = (language: string, timeZone?: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(token.createdAt),
    );

  /** A server that keeps each saved setting, so the profile read again afterwards has it. */
  async function openKeepingSettings(routes: Record<string, FakeRoute> = {}) {
    let current = profile;
    const server = await openProfile(profile, {
      'GET /api/auth/profile': () => answer(200, current),
      'PUT /api/users/profile': (call: RecordedCall) => {
        const { profileSettings } = call.body as Pick<UserDto, 'profileSettings'>;
        current = withSettings({ ...current.profileSettings, ...profileSettings });
        return answer(200, current);
      },
      'GET /api/auth/tokens': answer(200, [token]),
      ...routes,
    });
    await screen.findByText(tokenCreated('en'));
    return server;
  }

  afterEach(async () => {
    await act(() => setLanguage(null));
    act(() => setTimeZone(null));
  });

  it("offers the browser's language and each language in its own words, then the browser's zone and every zone", async () => {
    await openKeepingSettings();
    const language = card().getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Browser language (English)', 'English', 'Deutsch']);
    const zone = card().getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('');
    const [browser, ...zones] = within(zone).getAllByRole('option');
    expect(browser).toHaveTextContent(`Browser time zone (${new Intl.DateTimeFormat().resolvedOptions().timeZone})`);
    expect(zones.map((option) => option.getAttribute('value'))).toEqual(Intl.supportedValuesOf('timeZone'));
  });

  it('saves Deutsch alone and puts the page in German, its dates too', async () => {
    const server = await openKeepingSettings();
    fireEvent.change(card().getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { language: 'de' } });

    expect(await screen.findByRole('heading', { name: 'Mein Profil & Einstellungen' })).toBeInTheDocument();
    const german = within(screen.getByRole('region', { name: 'Sprache und Region' }));
    expect(german.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(german.getByRole('option', { name: 'Browsersprache (English)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profil aktualisieren' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Profil')).toBeInTheDocument();
    expect(await screen.findByText(tokenCreated('de'))).toBeInTheDocument();
    expect(useSession.getState().user?.profileSettings).toMatchObject({ language: 'de' });
    expect(document.documentElement).toHaveAttribute('lang', 'de');

    // Back to the browser's language: saved as null.
    fireEvent.change(german.getByRole('combobox', { name: 'Sprache' }), { target: { value: '' } });
    expect(await screen.findByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/profile')[1]!.body).toEqual({ profileSettings: { language: null } });
  });

  it("saves a time zone alone and shows the page's dates in it", async () => {
    const server = await openKeepingSettings();
    fireEvent.change(card().getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Asia/Tokyo' } });
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { timeZone: 'Asia/Tokyo' } });

    // 20:30 UTC on 2 January is the next morning in Tokyo.
    expect(await screen.findByText(tokenCreated('en', 'Asia/Tokyo'))).toBeInTheDocument();
    expect(tokenCreated('en', 'Asia/Tokyo')).toMatch(/^Jan 3, 2026/);
    expect(card().getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  });

  it('says "Saving..." while a choice saves, holds both choices, and says why it failed', async () => {
    const held = heldAnswer();
    await openKeepingSettings({ 'PUT /api/users/profile': held.route });
    fireEvent.change(card().getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    expect(card().getByText('Saving...')).toBeInTheDocument();
    expect(card().getByRole('combobox', { name: 'Language' })).toBeDisabled();
    expect(card().getByRole('combobox', { name: 'Time zone' })).toBeDisabled();

    held.release(answer(500));
    expect(await card().findByText('Failed to save language: Please try again.')).toBeInTheDocument();
    expect(card().getByRole('combobox', { name: 'Language' })).toHaveValue('');
    expect(card().getByRole('combobox', { name: 'Language' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'My Profile & Settings' })).toBeInTheDocument();
  });
});
