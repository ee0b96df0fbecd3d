import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedViewDto } from '@trackboard/contracts';
import { answer, fakeApi, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { renderShell, signInAs } from '../../testing/render-shell';

installDomPolyfills();

// Saved views in the shell: the sidebar lists them under "Views" and the palette offers them
// under "Views"; each opens its board address (the board itself is mf_boards', a stand-in here).

const view = (id: string, name: string, extra: Partial<SavedViewDto> = {}): SavedViewDto => ({
  id,
  projectKey: 'WEB',
  boardId: '3',
  name,
  query: 'view=list&sort=-priority',
  shared: false,
  authorId: 'u-1',
  authorName: 'Ada Lovelace',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const views = [
  view('7', 'Open bugs'),
  view('8', 'Team board', { projectKey: 'OPS', boardId: '5', query: '', shared: true, authorName: 'Grace Hopper' }),
];

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  installViewport(1280);
  server = fakeApi({ 'GET /api/dashboard': heldAnswer().route, 'GET /api/views': answer(200, views) });
  signInAs();
});

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const path = () => screen.getByTestId('current-path').textContent;

describe('the sidebar’s views', () => {
  it('lists the caller’s views with their project, each linking to its board address', async () => {
    renderShell('/dashboard');
    const list = within(await within(sidebar()).findByRole('navigation', { name: 'Views' }));
    const links = list.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open bugsWEB', 'Team boardOPS']);
    expect(links[0]).toHaveAttribute('href', '/boards/3?view=list&sort=-priority');
    expect(links[1]).toHaveAttribute('href', '/boards/5');
    expect(links[1]).toHaveAttribute('title', 'Team board — OPS, shared by Grace Hopper');
    expect(server.callsTo('GET /api/views')).toHaveLength(1);

    fireEvent.click(links[0]!);
    await screen.findByRole('heading', { name: 'mf_boards at /boards/3' });
    expect(path()).toBe('/boards/3?view=list&sort=-priority');
    expect(list.getByRole('link', { name: /Open bugs/ })).toHaveAttribute('aria-current', 'page');
  });

  it('shows no Views section while there are none, or when they cannot be loaded', async () => {
    server.on('GET /api/views', answer(200, []));
    const { unmount } = renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(server.callsTo('GET /api/views')).toHaveLength(1));
    expect(within(sidebar()).queryByRole('navigation', { name: 'Views' })).toBeNull();
    unmount();

    server.on('GET /api/views', answer(500, { message: 'Internal server error' }));
    renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(server.callsTo('GET /api/views')).toHaveLength(2));
    expect(within(sidebar()).queryByRole('navigation', { name: 'Views' })).toBeNull();
  });
});

describe('the palette’s views', () => {
  async function openPalette() {
    renderShell('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await within(sidebar()).findByRole('navigation', { name: 'Views' });
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await screen.findByRole('dialog', { name: 'Command palette' });
    return screen.getByRole('combobox');
  }

  it('offers every view under a "Views" heading', async () => {
    await openPalette();
    const group = screen.getByRole('group', { name: 'Views' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Open view: Open bugs (WEB)', 'Open view: Team board (OPS)']);
  });

  it('finds a view by its name and opens its board address with Enter', async () => {
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'team bo' } });
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent(
        'Open view: Team board (OPS)',
      ),
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(path()).toBe('/boards/5'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
