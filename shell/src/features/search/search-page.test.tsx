import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchIssueHit, SearchResult } from '@trackboard/contracts';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../../testing/render-shell';

// The results page, /search?q=: every issue the search finds, best first, fifty at a time, and
// the projects it finds; the text is kept in the address, and so is the project the search
// began in (the palette's "Show all N results" comes here).

const hit = (n: number, fields: Partial<SearchIssueHit> = {}): SearchIssueHit => ({
  id: String(n),
  key: `WEB-${n}`,
  title: `Darker shadows ${n}`,
  boardId: '3',
  projectKey: 'WEB',
  status: 'TODO',
  snippet: `Darker shadows ${n}`,
  ...fields,
});
const page = (from: number, count: number, total: number, projects: SearchResult['projects'] = []): SearchResult => ({
  issues: Array.from({ length: count }, (_, i) => hit(from + i)),
  total,
  projects,
});
const searchCall = (query: string) => `GET /api/search?${query}`;

const path = () => screen.getByTestId('current-path').textContent;
const results = () => screen.getByRole('list', { name: 'Issues found' });
/** Each issue found by its link: key and title. */
const resultLinks = () =>
  within(results())
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]!.textContent);
const submitSearch = (text: string) => {
  const box = screen.getByRole('searchbox', { name: 'Search issues and projects' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
};

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  installViewport(1280);
  server = fakeApi();
  signInAs();
});

describe('the search results page', () => {
  it('lists every match, best first, fifty at a time, and shows more on asking', async () => {
    const first = page(1, 50, 60, [{ key: 'WEB', name: 'Website' }]);
    first.issues[0] = hit(100, {
      title: 'Dark mode for the docs site',
      snippet: 'The docs site needs a dark theme',
      status: 'IN_PROGRESS',
    });
    server.on(searchCall('q=dark&limit=50'), answer(200, first));
    server.on(searchCall('q=dark&limit=50&offset=50'), answer(200, page(51, 10, 60)));
    renderShell('/search?q=dark');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(await screen.findByText('60 results for “dark”')).toBeInTheDocument();
    const best = within(results()).getAllByRole('listitem')[0]!;
    expect(within(best).getByRole('link', { name: 'WEB-100 Dark mode for the docs site' })).toHaveAttribute(
      'href',
      '/boards/3/issues/WEB-100',
    );
    expect(best).toHaveTextContent('In Progress');
    expect(best).toHaveTextContent('The docs site needs a dark theme');
    expect(resultLinks()).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Website (WEB)' })).toHaveAttribute('href', '/projects/WEB');
    expect(screen.getByRole('searchbox', { name: 'Search issues and projects' })).toHaveValue('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await waitFor(() => expect(resultLinks()).toHaveLength(60));
    expect(resultLinks().at(-1)).toBe('WEB-60 Darker shadows 60');
    expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
  });

  it('opens an issue at its deep link', async () => {
    server.on(searchCall('q=dark&limit=50'), answer(200, page(1, 2, 2)));
    renderShell('/search?q=dark');
    fireEvent.click(await screen.findByRole('link', { name: 'WEB-2 Darker shadows 2' }));
    await waitFor(() => expect(path()).toBe('/boards/3/issues/WEB-2'));
  });

  it('searches what is typed there, keeping it in the address', async () => {
    server.on(searchCall('q=quokka&limit=50'), answer(200, page(1, 1, 1)));
    renderShell('/search');
    expect(await screen.findByText('Type 2 or more characters to search issues and projects.')).toBeInTheDocument();
    submitSearch('  quokka ');
    await waitFor(() => expect(path()).toBe('/search?q=quokka'));
    expect(await screen.findByText('1 result for “quokka”')).toBeInTheDocument();
  });

  it('favours the project it was opened for and the issues opened lately', async () => {
    localStorage.setItem('recentIssues:u-1', JSON.stringify(['WEB-9', 'API-2']));
    const call = searchCall(`q=dark&limit=50&project=WEB&recent=${encodeURIComponent('WEB-9,API-2')}`);
    server.on(call, answer(200, page(1, 3, 3)));
    renderShell('/search?q=dark&project=WEB');
    expect(await screen.findByText('3 results for “dark”')).toBeInTheDocument();
    expect(server.callsTo(call)).toHaveLength(1);
  });

  it('says so when nothing matches, and why when the search fails', async () => {
    server.on(searchCall('q=zebra&limit=50'), answer(200, page(1, 0, 0)));
    server.on(searchCall('q=boom&limit=50'), answer(500, { message: 'Search is resting.' }));
    renderShell('/search?q=zebra');
    expect(await screen.findByText('No issue or project matches “zebra”.')).toBeInTheDocument();

    submitSearch('boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed: Search is resting.');
  });
});
