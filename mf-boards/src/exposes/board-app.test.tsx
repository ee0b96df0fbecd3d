import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@trackboard/web-kit';
import { answer, failOnRouterWarnings, fakeApi, renderRemoteAt } from '@trackboard/web-kit/testing';
import { board, issue, signInAs, ada } from '../testing/board-fixtures';
import { card, cardBox, column, renderBoard } from '../testing/render-board';
import BoardApp from './board-app';

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(BoardApp, ['boards/*'], url);

failOnRouterWarnings();

beforeEach(() => {
  signInAs(ada);
});

describe('mf_boards routes', () => {
  it('/boards/:boardId draws that board', async () => {
    const server = fakeApi({ 'GET /api/boards/42': answer(200, board(undefined, { id: '42', name: 'Board 42' })) });
    const { container } = renderAt('/boards/42');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Board 42');
    expect(container.querySelector('[data-remote="mf_boards"]')).not.toBeNull();
    expect(server.callsTo('GET /api/boards/42')).toHaveLength(1);
  });

  it.each(['/boards', '/boards/42/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});

describe('mf_boards in German', () => {
  // This year's 20 November: a card shows a due date of this year without the year.
  const dueDate = `${new Date().getFullYear()}-11-20`;
  const spec = issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', dueDate, priority: 'HIGH' });

  beforeEach(async () => {
    await act(() => setLanguage('de'));
  });
  afterEach(async () => {
    // Back to the browser's language (English in jsdom), as the other tests expect.
    await act(() => setLanguage(null));
  });

  it('draws the board in German, its due dates the German way', async () => {
    await renderBoard(board([spec]));
    expect(screen.getByRole('link', { name: 'Zum Board springen' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Vorgänge filtern' })).toBeInTheDocument();
    expect(within(column('Done')).getByText('Leere Spalte')).toBeInTheDocument();
    expect(within(column('To Do')).getByRole('button', { name: '+ Vorgang zu To Do hinzufügen' })).toBeInTheDocument();
    const due = within(cardBox('Write the spec')).getByText('20. Nov.');
    expect(due).toHaveAttribute('title', expect.stringMatching(/^Fällig am 20\. Nov\./));
    expect(card('Write the spec')).toHaveAccessibleDescription(
      expect.stringContaining('WEB-1. Aufgabe. Priorität: Hoch. Nicht zugewiesen. Fällig am 20. Nov.'),
    );
  });

  it("opens an issue's dialog with its fields named in German", async () => {
    await renderBoard(board([spec]), {
      'GET /api/issues/1': answer(200, { ...spec, version: 3 }),
      'GET /api/issues/1/comments': answer(200, []),
      'GET /api/issues/1/watch': answer(200, { watching: false, watcherCount: 2 }),
    });
    fireEvent.click(card('Write the spec'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { level: 3, name: 'Verantwortlich' });
    for (const name of ['Labels', 'Beschreibung', 'Zugehöriger Code', 'Links', 'Anleitung'])
      expect(within(dialog).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    for (const name of ['Typ', 'Priorität', 'Fälligkeitsdatum', 'Autor', 'Erstellt', 'Geändert'])
      expect(within(dialog).getByText(name, { selector: 'dt' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Priorität' })).toHaveTextContent('Hoch');
    expect(within(dialog).getByRole('combobox', { name: 'Typ' })).toHaveTextContent('Aufgabe');
    expect(within(dialog).getByLabelText('Fälligkeitsdatum')).toHaveValue(dueDate);
    expect(within(dialog).getByRole('tab', { name: 'Kommentare' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Verlauf' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Vorgang löschen' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Beobachten, 2 Beobachter' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Noch keine Kommentare.')).toBeInTheDocument();
  });
});

describe('mf_boards after the German tests', () => {
  it('is in English again', async () => {
    await renderBoard();
    expect(screen.getByRole('link', { name: 'Skip to board' })).toBeInTheDocument();
    expect(within(column('Done')).getByText('Empty column')).toBeInTheDocument();
  });
});
