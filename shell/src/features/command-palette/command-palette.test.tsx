import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchResult } from '@trackboard/contracts';
import { registerCommands, useSession, useTheme } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';
import { searchDebounceMs } from './use-search';

installDomPolyfills();

const searchPath = (q: string) => `GET /api/search?q=${encodeURIComponent(q)}&limit=10`;
const hits = (title: string, key = 'WEB-12', total = 1): SearchResult => ({
  issues: [{ id: '12', key, title, boardId: '3', projectKey: 'WEB', status: 'TODO', snippet: `… ${title} …` }],
  total,
  projects: [{ key: 'WEB', name: 'Website' }],
});

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  useTheme.getState().setMode('system');
  server = fakeApi({ 'GET /api/dashboard': heldAnswer().route, 'GET /api/auth/profile': heldAnswer().route });
  signInAs();
});

const path = () => screen.getByTestId('current-path').textContent;
const input = () => screen.getByRole('combobox');
const options = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function openPalette(url = '/dashboard') {
  renderShell(url);
  await screen.findByRole('heading', { level: 1 });
  fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
  await screen.findByRole('dialog', { name: 'Command palette' });
  return input();
}

describe('the command palette', () => {
  it('opens on Ctrl+K with the focus in its combobox over a listbox, and Escape closes it, giving the focus back', async () => {
    renderShell('/dashboard');
    const projects = await screen.findByRole('link', { name: 'Projects' });
    projects.focus();
    fireEvent.keyDown(projects, { key: 'k', metaKey: true });
    const box = await screen.findByRole('combobox');
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);

    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(projects).toHaveFocus());
  });

  it('offers Dashboard, Projects and Profile, and User Approval to admins only', async () => {
    await openPalette();
    expect(options()).toEqual(expect.arrayContaining(['Go to Dashboardgd', 'Go to Projectsgp', 'Go to Profile']));
    expect(options().some((o) => o?.includes('User Approval'))).toBe(false);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => useSession.getState().signIn('t0ken', { ...activeUser, role: 'admin' }));
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await screen.findByRole('dialog', { name: 'Command palette' });
    expect(options()).toContain('Go to User Approval');
    // Each opening starts with the first item chosen.
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('filters commands as you type and runs the one chosen with Enter', async () => {
    await openPalette();
    type('proj');
    expect(options()[0]).toBe('Go to Projectsgp');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(path()).toBe('/projects'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('searches from 2 characters, once the typing pauses, and Enter opens the issue’s deep link', async () => {
    server.on(searchPath('ali'), answer(200, hits('Align the cards')));
    await openPalette();
    type('a');
    await pause(searchDebounceMs + 50);
    expect(server.calls.filter((c) => c.path.startsWith('/api/search'))).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Type 2 or more characters to search issues and projects.');

    type('al');
    type('ali');
    expect(await within(screen.getByRole('listbox')).findByRole('option', { name: /Align the cards/ })).toBeVisible();
    expect(server.calls.filter((c) => c.path.startsWith('/api/search')).map((c) => c.path)).toEqual([
      '/api/search?q=ali&limit=10',
    ]);
    expect(server.callsTo(searchPath('ali'))[0]!.headers.Authorization).toBe('Bearer t0ken');
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Website/ })).toBeVisible();

    // The best hit comes first and is the one Enter picks.
    expect(options()[0]).toContain('WEB-12');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(path()).toBe('/boards/3/issues/WEB-12'));
  });

  it('shows only the answer to the text now typed, whatever order the answers come in', async () => {
    const first = heldAnswer();
    const second = heldAnswer();
    server.on(searchPath('al'), first.route);
    server.on(searchPath('alpha'), second.route);
    await openPalette();
    type('al');
    await waitFor(() => expect(server.callsTo(searchPath('al'))).toHaveLength(1));
    type('alpha');
    await waitFor(() => expect(server.callsTo(searchPath('alpha'))).toHaveLength(1));

    second.release(answer(200, hits('Alpha release', 'WEB-2')));
    await within(screen.getByRole('listbox')).findByRole('option', { name: /Alpha release/ });
    first.release(answer(200, hits('Also stale', 'WEB-1')));
    await pause(50);
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: /Also stale/ })).toBeNull();
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Alpha release/ })).toBeVisible();
  });

  it('ranks hits above a loose command match and, as they arrive, makes the first one the choice', async () => {
    const held = heldAnswer();
    server.on(searchPath('ali'), held.route);
    const withdraw = registerCommands('test-board', [
      { id: 'board.realign', label: 'Realign columns', group: 'Board', run: jest.fn() },
    ]);
    try {
      await openPalette('/profile');
      type('ali');
      const realign = within(screen.getByRole('listbox')).getByRole('option', { name: 'Realign columns' });
      await waitFor(() => expect(realign).toHaveAttribute('aria-selected', 'true'));
      await waitFor(() => expect(server.callsTo(searchPath('ali'))).toHaveLength(1));

      held.release(answer(200, hits('Align the cards')));
      const hit = await within(screen.getByRole('listbox')).findByRole('option', { name: /Align the cards/ });
      await waitFor(() => expect(hit).toHaveAttribute('aria-selected', 'true'));
      expect(options()[0]).toContain('WEB-12');
      expect(options().at(-1)).toBe('Realign columns');
    } finally {
      act(() => withdraw());
    }
  });

  it('shows the last answer dimmed while the next is on its way, and Enter never opens it', async () => {
    const next = heldAnswer();
    server.on(searchPath('al'), answer(200, hits('Alpha release')));
    server.on(searchPath('alp'), next.route);
    await openPalette('/profile');
    type('al');
    const earlier = await within(screen.getByRole('listbox')).findByRole('option', { name: /Alpha release/ });
    await waitFor(() => expect(earlier).toHaveAttribute('aria-selected', 'true'));

    type('alp');
    await waitFor(() => expect(server.callsTo(searchPath('alp'))).toHaveLength(1));
    expect(earlier).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await pause(20);
    expect(path()).toBe('/profile');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();

    next.release(answer(200, hits('Alpha release')));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Alpha release/ })).toHaveAttribute(
        'aria-disabled',
        'false',
      ),
    );
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(path()).toBe('/boards/3/issues/WEB-12'));
  });

  it('says in words why a search failed', async () => {
    server.on(searchPath('boom'), answer(500, { message: 'Search is resting.' }));
    await openPalette();
    type('boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed: Search is resting.');
  });

  it('lists what a remote registered, and runs it after the palette closed', async () => {
    const run = jest.fn();
    const withdraw = registerCommands('test-board', [
      { id: 'board.create-issue', label: 'Create issue on this board', group: 'Board', shortcut: 'c', run },
    ]);
    try {
      await openPalette();
      const item = within(screen.getByRole('listbox')).getByRole('option', { name: /Create issue on this board/ });
      expect(within(item).getByText('c')).toBeInTheDocument();
      fireEvent.click(item);
      await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      act(() => withdraw());
    }
  });

  it('switches the theme at once and saves it as the profile’s preference', async () => {
    server.on('PUT /api/users/profile', (call) =>
      answer(200, { ...activeUser, profileSettings: { ...activeUser.profileSettings, ...(call.body as object) } }),
    );
    await openPalette();
    type('dark');
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Switch theme: Dark/ }));
    await waitFor(() => expect(useTheme.getState().mode).toBe('dark'));
    await waitFor(() => expect(server.callsTo('PUT /api/users/profile')).toHaveLength(1));
    expect(server.callsTo('PUT /api/users/profile')[0]!.body).toEqual({ profileSettings: { themePreference: 'DARK' } });
  });

  it('puts the theme back and reopens, saying why, when saving it fails', async () => {
    server.on('PUT /api/users/profile', answer(500, { message: 'Disk full' }));
    await openPalette();
    type('light');
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Switch theme: Light/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save theme: Disk full');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(useTheme.getState().mode).toBe('system');
  });

  it('offers “Show all N results” after the hits when more match than it shows, opening the results page', async () => {
    server.on(searchPath('docs'), answer(200, hits('Dark mode for the docs site', 'WEB-7', 25)));
    await openPalette();
    type('docs');
    const showAll = await within(screen.getByRole('listbox')).findByRole('option', { name: 'Show all 25 results' });
    expect(options().indexOf('Show all 25 results')).toBe(options().findIndex((o) => o?.includes('WEB-7')) + 1);
    // The best hit stays the choice of Enter; the arrow key reaches Show all.
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(showAll).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(path()).toBe('/search?q=docs'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
  });

  it('offers no “Show all” when it shows every match', async () => {
    server.on(searchPath('dark'), answer(200, hits('Dark mode for the docs site', 'WEB-7', 1)));
    await openPalette();
    type('dark');
    await within(screen.getByRole('listbox')).findByRole('option', { name: /Dark mode for the docs site/ });
    expect(options().some((o) => o?.startsWith('Show all'))).toBe(false);
  });

  it('favours the project on screen and the issues opened lately, and Show all keeps the project', async () => {
    localStorage.setItem('recentIssues:u-1', JSON.stringify(['API-2']));
    const fromIssue = `GET /api/search?q=dark&limit=10&project=WEB&recent=${encodeURIComponent('WEB-9,API-2')}`;
    server.on(fromIssue, answer(200, hits('Dark mode for the docs site', 'WEB-7', 12)));
    // The issue open now is the latest one opened.
    await openPalette('/boards/3/issues/WEB-9');
    type('dark');
    fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: 'Show all 12 results' }));
    await waitFor(() => expect(path()).toBe('/search?q=dark&project=WEB'));
  });

  it('favours the board on screen when the address names no project', async () => {
    server.on('GET /api/search?q=dark&limit=10&board=3', answer(200, hits('Dark mode for the docs site', 'WEB-7')));
    await openPalette('/boards/3');
    type('dark');
    expect(await within(screen.getByRole('listbox')).findByRole('option', { name: /Dark mode/ })).toBeVisible();
  });
});
