import type { BoardDto, ColumnDto } from '@trackboard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, admin, board, grace, issue, signInAs } from '../../../testing/board-fixtures';
import { card, column, renderBoard } from '../../../testing/render-board';
import { useBoardStore } from '../../../shared/board-store';
import { fakeDataTransfer as dataTransfer } from '../../../testing/fake-data-transfer';

// The lead or an admin arranges the board's columns — a menu in each header (rename,
// WIP limit, move left/right, delete), "+ Add column", headers dragged to another place — and a
// column's count shows its WIP limit, amber at it and red over it.

const actionsOf = (name: string) => screen.getByRole('button', { name: `Column actions for ${name}` });
const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
const focused = () => document.activeElement as HTMLElement;
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
const columnNames = () => screen.getAllByRole('region').map((region) => region.querySelector('h2')!.textContent);
const politely = () => screen.getByTestId('column-announcer').textContent;

/** Opens a column's menu with the mouse and chooses an item. */
function choose(columnName: string, item: string) {
  fireEvent.click(actionsOf(columnName));
  fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: item }));
}

/** The fixture board with some columns changed (renamed, limited, reordered…). */
function boardWith(change: (columns: ColumnDto[]) => ColumnDto[], fields: Partial<BoardDto> = {}): BoardDto {
  const data = board(undefined, fields);
  return { ...data, columns: change(data.columns.map((c) => ({ ...c }))) };
}
const columnDto = (c: Partial<ColumnDto> & { id: string }): ColumnDto => ({
  name: 'To Do',
  position: 0,
  wipLimit: null,
  issues: [],
  ...c,
});

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('who arranges the columns', () => {
  it('the project lead and an admin get the menus and "+ Add column"', async () => {
    await renderBoard();
    expect(actionsOf('To Do')).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('button', { name: '+ Add column' })).toBeInTheDocument();
    expect(column('To Do').querySelector('header')).toHaveAttribute('draggable', 'true');
  });

  it('an admin who is not the lead too', async () => {
    signInAs(admin);
    await renderBoard();
    expect(screen.getAllByRole('button', { name: /^Column actions for / })).toHaveLength(3);
  });

  it('a member sees no controls at all', async () => {
    signInAs(grace);
    await renderBoard();
    expect(screen.queryByRole('button', { name: /^Column actions for / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add column' })).not.toBeInTheDocument();
    expect(column('To Do').querySelector('header')).not.toHaveAttribute('draggable', 'true');
  });
});

describe('the column menu', () => {
  it('opens from the keyboard on its first item, moves with the arrows, and Escape gives the focus back', async () => {
    await renderBoard();
    act(() => actionsOf('In Progress').focus());
    press('ArrowDown');
    expect(actionsOf('In Progress')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Column actions for In Progress' })).toBeInTheDocument();
    expect(menuItems()).toEqual(['Rename', 'Set WIP limit', 'Move left', 'Move right', 'Delete column']);
    expect(focused()).toHaveTextContent('Rename');
    press('ArrowDown');
    expect(focused()).toHaveTextContent('Set WIP limit');
    press('End');
    expect(focused()).toHaveTextContent('Delete column');
    press('ArrowDown');
    expect(focused()).toHaveTextContent('Rename');
    press('ArrowUp');
    expect(focused()).toHaveTextContent('Delete column');
    press('Escape');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(focused()).toBe(actionsOf('In Progress'));
  });

  it('offers no "Move left" in the first column, no "Move right" in the last, no delete for the last column left', async () => {
    await renderBoard();
    fireEvent.click(actionsOf('To Do'));
    expect(menuItems()).toEqual(['Rename', 'Set WIP limit', 'Move right', 'Delete column']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(actionsOf('Done'));
    expect(menuItems()).toEqual(['Rename', 'Set WIP limit', 'Move left', 'Delete column']);
  });

  it('has no delete when only one column is left', async () => {
    await renderBoard(boardWith((columns) => columns.slice(0, 1)));
    fireEvent.click(actionsOf('To Do'));
    expect(menuItems()).toEqual(['Rename', 'Set WIP limit']);
  });

  it('closes on a click elsewhere', async () => {
    await renderBoard();
    fireEvent.click(actionsOf('To Do'));
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('renaming a column', () => {
  it('edits the name in place: saving sends PUT /columns/{id}, and the board is fetched again', async () => {
    const { server } = await renderBoard(undefined, {
      'PUT /api/columns/11': answer(200, columnDto({ id: '11', name: 'Doing', position: 1 })),
    });
    choose('In Progress', 'Rename');
    const field = within(column('In Progress')).getByRole('textbox', { name: 'Column name' });
    expect(field).toHaveValue('In Progress');
    expect(focused()).toBe(field);
    server.on(
      'GET /api/boards/1',
      answer(
        200,
        boardWith((columns) => columns.map((c) => (c.id === '11' ? { ...c, name: 'Doing' } : c)), { version: 6 }),
      ),
    );
    fireEvent.change(field, { target: { value: '  Doing ' } });
    // Enter in the field submits its form (jsdom does not submit by itself).
    fireEvent.submit(field.closest('form')!);

    await screen.findByRole('region', { name: 'Doing' });
    expect(server.callsTo('PUT /api/columns/11').map((c) => c.body)).toEqual([{ name: 'Doing' }]);
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
    expect(screen.queryByRole('textbox', { name: 'Column name' })).not.toBeInTheDocument();
    expect(focused()).toBe(actionsOf('Doing'));
  });

  it('Escape cancels without a call', async () => {
    const { server } = await renderBoard();
    choose('To Do', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Column name' });
    fireEvent.change(field, { target: { value: 'Later' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Column name' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'To Do' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(focused()).toBe(actionsOf('To Do'));
  });

  it('says a name over the limit at the field as it is typed, and sends nothing', async () => {
    const { server } = await renderBoard();
    choose('To Do', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Column name' });
    fireEvent.change(field, { target: { value: 'x'.repeat(101) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Column name can be at most 100 characters.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.submit(field.closest('form')!);
    expect(server.callsTo('PUT /api/columns/10')).toHaveLength(0);
  });

  it("shows the server's 400 at the field, in words", async () => {
    await renderBoard(undefined, { 'PUT /api/columns/10': answer(400, { message: 'name: is too long' }) });
    choose('To Do', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Column name' });
    fireEvent.change(field, { target: { value: 'Something else' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(field).toHaveAccessibleDescription('Column name can be at most 100 characters.'));
    expect(field).toHaveValue('Something else');
  });

  it("shows another refusal in the server's words in the form", async () => {
    await renderBoard(undefined, {
      'PUT /api/columns/10': answer(403, {
        message: 'Only the project lead or an administrator can change the board.',
      }),
    });
    choose('To Do', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Column name' });
    fireEvent.change(field, { target: { value: 'Mine' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Only the project lead or an administrator can change the board.'),
    );
  });
});

describe('the WIP limit', () => {
  const limited = (limit: number | null, issues = 1) =>
    boardWith((columns) =>
      columns.map((c) =>
        c.id === '11'
          ? {
              ...c,
              wipLimit: limit,
              issues: Array.from({ length: issues }, (_, i) =>
                issue({
                  id: String(30 + i),
                  columnId: '11',
                  position: i,
                  title: `Busy ${i + 1}`,
                  status: 'IN_PROGRESS',
                }),
              ),
            }
          : c,
      ),
    );
  const badgeOf = (name: string) =>
    within(column(name)).getByText((_, element) => element?.hasAttribute('data-wip') ?? false);

  it('is shown as "n / limit": plain under it, amber at it, red over it, and said in words', async () => {
    await renderBoard(limited(3, 2));
    expect(badgeOf('In Progress')).toHaveTextContent('2 / 3');
    expect(badgeOf('In Progress')).toHaveAttribute('data-wip', 'under');
    expect(badgeOf('In Progress')).toHaveAccessibleName('2 issues, WIP limit 3');
    expect(badgeOf('In Progress').className).not.toMatch(/countAtLimit|countOverLimit/);
    // No limit: the count alone, as before.
    expect(badgeOf('To Do')).toHaveTextContent(/^2$/);
    expect(badgeOf('To Do')).toHaveAccessibleName('2 issues');
  });

  it('turns amber at the limit', async () => {
    await renderBoard(limited(2, 2));
    expect(badgeOf('In Progress')).toHaveTextContent('2 / 2');
    expect(badgeOf('In Progress').className).toMatch(/countAtLimit/);
    expect(badgeOf('In Progress')).toHaveAccessibleName('2 issues, WIP limit 2, at the limit');
  });

  it('turns red over the limit', async () => {
    await renderBoard(limited(1, 2));
    expect(badgeOf('In Progress')).toHaveTextContent('2 / 1');
    expect(badgeOf('In Progress').className).toMatch(/countOverLimit/);
    expect(badgeOf('In Progress')).toHaveAccessibleName('2 issues, WIP limit 1, over the limit');
  });

  it('is set from the menu (PUT { wipLimit }) and shown at once', async () => {
    const { server } = await renderBoard(limited(null, 2), {
      'PUT /api/columns/11': answer(200, columnDto({ id: '11', name: 'In Progress', position: 1, wipLimit: 2 })),
    });
    server.on('GET /api/boards/1', answer(200, { ...limited(2, 2), version: 6 }));
    choose('In Progress', 'Set WIP limit');
    const field = screen.getByRole('textbox', { name: 'WIP limit' });
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(/Leave empty for no limit\./);
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(badgeOf('In Progress')).toHaveTextContent('2 / 2'));
    expect(server.callsTo('PUT /api/columns/11').map((c) => c.body)).toEqual([{ wipLimit: 2 }]);
    expect(focused()).toBe(actionsOf('In Progress'));
  });

  it('is cleared with an empty field (wipLimit: null)', async () => {
    const { server } = await renderBoard(limited(2, 2), {
      'PUT /api/columns/11': answer(200, columnDto({ id: '11', name: 'In Progress', position: 1, wipLimit: null })),
    });
    server.on('GET /api/boards/1', answer(200, { ...limited(null, 2), version: 6 }));
    choose('In Progress', 'Set WIP limit');
    const field = screen.getByRole('textbox', { name: 'WIP limit' });
    expect(field).toHaveValue('2');
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(badgeOf('In Progress')).toHaveTextContent(/^2$/));
    expect(server.callsTo('PUT /api/columns/11').map((c) => c.body)).toEqual([{ wipLimit: null }]);
  });

  it.each([
    ['0', 'WIP limit must be at least 1.'],
    ['2.5', 'WIP limit must be a whole number.'],
    ['three', 'WIP limit must be a whole number.'],
    ['1000', 'WIP limit must be at most 999.'],
  ])('refuses %p at the field without a call', async (typed, said) => {
    const { server } = await renderBoard();
    choose('In Progress', 'Set WIP limit');
    const field = screen.getByRole('textbox', { name: 'WIP limit' });
    fireEvent.change(field, { target: { value: typed } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(`^${said.replace('.', '\\.')}`));
    fireEvent.submit(field.closest('form')!);
    expect(server.callsTo('PUT /api/columns/11')).toHaveLength(0);
  });

  it("says the server's 400 about wipLimit at the field", async () => {
    await renderBoard(undefined, { 'PUT /api/columns/11': answer(400, { message: 'wipLimit: must be at least 1' }) });
    choose('In Progress', 'Set WIP limit');
    const field = screen.getByRole('textbox', { name: 'WIP limit' });
    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/^WIP limit must be at least 1\./));
  });

  it('warns when a card is moved into a full column: the column flashes and a polite message says so', async () => {
    const held = heldAnswer();
    await renderBoard(limited(1, 1), { 'PUT /api/issues/1/position': held.route });
    // Space lifts the card, ArrowRight carries it to In Progress, Enter drops it there.
    act(() => card('Write the spec').focus());
    press(' ');
    press('ArrowRight');
    press('Enter');
    expect(politely()).toBe('In Progress is over its WIP limit (2 / 1).');
    expect(column('In Progress').className).toMatch(/wipFlash/);
    expect(badgeOf('In Progress')).toHaveTextContent('2 / 1');
    expect(screen.getByTestId('column-announcer')).toHaveAttribute('aria-live', 'polite');
  });

  it('says nothing for a move within the column or into one with room', async () => {
    await renderBoard(limited(3, 1), { 'PUT /api/issues/1/position': heldAnswer().route });
    act(() => card('Write the spec').focus());
    press(' ');
    press('ArrowRight');
    press('Enter');
    expect(politely()).toBe('');
    expect(column('In Progress').className).not.toMatch(/wipFlash/);
  });
});

describe('deleting a column', () => {
  it('asks first, and an empty column goes with DELETE /columns/{id}', async () => {
    const { server } = await renderBoard(undefined, { 'DELETE /api/columns/12': answer(204) });
    server.on('GET /api/boards/1', answer(200, { ...boardWith((columns) => columns.slice(0, 2)), version: 6 }));
    choose('Done', 'Delete column');
    const form = screen.getByRole('form', { name: 'Delete Done' });
    expect(within(form).getByText('Delete the column Done?')).toBeInTheDocument();
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Done' })).not.toBeInTheDocument());
    expect(server.callsTo('DELETE /api/columns/12')).toHaveLength(1);
    expect(politely()).toBe('Deleted the column Done.');
  });

  it('asks which column receives its issues when it has any', async () => {
    const { server } = await renderBoard(undefined, { 'DELETE /api/columns/10?targetColumnId=12': answer(204) });
    choose('To Do', 'Delete column');
    const form = screen.getByRole('form', { name: 'Delete To Do' });
    const target = within(form).getByRole('combobox', { name: 'Move its 2 issues to' });
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['In Progress', 'Done']);
    fireEvent.change(target, { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE /api/columns/10?targetColumnId=12')).toHaveLength(1));
    expect(server.callsTo('DELETE /api/columns/10')).toHaveLength(0);
  });

  it("says the server's refusal in the form (the last column)", async () => {
    await renderBoard(undefined, {
      'DELETE /api/columns/12': answer(400, { message: "A board's last column can't be deleted." }),
    });
    choose('Done', 'Delete column');
    fireEvent.click(within(screen.getByRole('form', { name: 'Delete Done' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("A board's last column can't be deleted.");
    expect(screen.getByRole('region', { name: 'Done' })).toBeInTheDocument();
  });

  it('Cancel keeps it and gives the focus back to its menu', async () => {
    const { server } = await renderBoard();
    choose('Done', 'Delete column');
    fireEvent.click(within(screen.getByRole('form', { name: 'Delete Done' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Delete Done' })).not.toBeInTheDocument();
    expect(focused()).toBe(actionsOf('Done'));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

describe('adding a column', () => {
  it('"+ Add column" takes a name; Enter adds it at the end (POST /boards/{id}/columns)', async () => {
    const { server } = await renderBoard(undefined, {
      'POST /api/boards/1/columns': answer(201, columnDto({ id: '13', name: 'QA', position: 3 })),
    });
    server.on(
      'GET /api/boards/1',
      answer(200, {
        ...boardWith((columns) => [...columns, columnDto({ id: '13', name: 'QA', position: 3 })]),
        version: 6,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '+ Add column' }));
    const field = within(screen.getByRole('form', { name: 'New column' })).getByRole('textbox', {
      name: 'Column name',
    });
    expect(field).toHaveAttribute('placeholder', 'Column name');
    fireEvent.change(field, { target: { value: ' QA ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByRole('region', { name: 'QA' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/boards/1/columns').map((c) => c.body)).toEqual([{ name: 'QA' }]);
    expect(columnNames()).toEqual(['To Do', 'In Progress', 'Done', 'QA']);
    expect(politely()).toBe('Added the column QA.');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: '+ Add column' })));
  });

  it('keeps Save off while the name is blank, and Escape closes', async () => {
    const { server } = await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: '+ Add column' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Column name' }), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'New column' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('reordering columns', () => {
  const movedBoard = (order: string[]) =>
    boardWith((columns) => order.map((id, position) => ({ ...columns.find((c) => c.id === id)!, position })));

  it('"Move right" in the menu (the keyboard\'s way): shown at once, said politely, saved with PUT { position }', async () => {
    const held = heldAnswer();
    const { server } = await renderBoard(undefined, { 'PUT /api/columns/10': held.route });
    server.on('GET /api/boards/1', answer(200, { ...movedBoard(['11', '10', '12']), version: 6 }));
    act(() => actionsOf('To Do').focus());
    press('ArrowDown');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Move right' }));
    expect(columnNames()).toEqual(['In Progress', 'To Do', 'Done']);
    expect(politely()).toBe('Moved To Do to position 2 of 3.');
    expect(focused()).toBe(actionsOf('To Do'));
    // The cards stay under their column.
    expect(within(column('To Do')).getByRole('button', { name: 'Write the spec' })).toBeInTheDocument();
    expect(server.callsTo('PUT /api/columns/10').map((c) => c.body)).toEqual([{ position: 1 }]);
    held.release(answer(200, columnDto({ id: '10', position: 1 })));
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
    expect(columnNames()).toEqual(['In Progress', 'To Do', 'Done']);
  });

  it('puts the columns back when the server refuses the move', async () => {
    await renderBoard(undefined, {
      'PUT /api/columns/12': answer(403, {
        message: 'Only the project lead or an administrator can change the board.',
      }),
    });
    choose('Done', 'Move left');
    expect(columnNames()).toEqual(['To Do', 'Done', 'In Progress']);
    await waitFor(() => expect(columnNames()).toEqual(['To Do', 'In Progress', 'Done']));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only the project lead or an administrator can change the board.',
    );
  });

  // jsdom has no DragEvent: a MouseEvent under its name, so a drag event carries its clientX.
  beforeAll(() => {
    (window as unknown as Record<string, unknown>).DragEvent ??= class DragEvent extends MouseEvent {};
  });

  it('a header dragged onto another column goes to its left or right half (HTML5 drag and drop)', async () => {
    const { server } = await renderBoard(undefined, {
      'PUT /api/columns/10': answer(200, columnDto({ id: '10', position: 2 })),
    });
    server.on('GET /api/boards/1', answer(200, { ...movedBoard(['11', '12', '10']), version: 6 }));
    const header = column('To Do').querySelector('header')!;
    expect(header).toHaveAttribute('draggable', 'true');
    const target = column('Done');
    const transfer = dataTransfer();
    fireEvent.dragStart(header, { dataTransfer: transfer, clientX: 5, clientY: 5 });
    // The backend makes the drag known on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // jsdom lays nothing out: every column is 0 px wide at 0, so x > 0 is a right half.
    fireEvent.dragEnter(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
    fireEvent.dragOver(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
    expect(target.className).toMatch(/dropAfter/);
    fireEvent.drop(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
    fireEvent.dragEnd(header, { dataTransfer: transfer });

    expect(columnNames()).toEqual(['In Progress', 'Done', 'To Do']);
    await waitFor(() => expect(server.callsTo('PUT /api/columns/10').map((c) => c.body)).toEqual([{ position: 2 }]));
    expect(useBoardStore.getState().columnMeta.map((c) => c.id)).toEqual(['11', '12', '10']);
  });

  it('dropped on the left half of a column, a header goes before it', async () => {
    const { server } = await renderBoard(undefined, {
      'PUT /api/columns/12': answer(200, columnDto({ id: '12', position: 0 })),
    });
    server.on('GET /api/boards/1', answer(200, { ...movedBoard(['12', '10', '11']), version: 6 }));
    const header = column('Done').querySelector('header')!;
    const transfer = dataTransfer();
    fireEvent.dragStart(header, { dataTransfer: transfer, clientX: 5, clientY: 5 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.dragEnter(column('To Do'), { dataTransfer: transfer, clientX: 0, clientY: 5 });
    fireEvent.dragOver(column('To Do'), { dataTransfer: transfer, clientX: 0, clientY: 5 });
    // A target hears a hover before the backend records its offset: the dragover's (next frame) is where it is.
    await waitFor(() => expect(column('To Do').className).toMatch(/dropBefore/));
    fireEvent.drop(column('To Do'), { dataTransfer: transfer, clientX: 0, clientY: 5 });
    fireEvent.dragEnd(header, { dataTransfer: transfer });
    expect(columnNames()).toEqual(['Done', 'To Do', 'In Progress']);
    await waitFor(() => expect(server.callsTo('PUT /api/columns/12').map((c) => c.body)).toEqual([{ position: 0 }]));
  });

  it('a card drag is no column drag: a card dropped on a column moves the card', async () => {
    const { server } = await renderBoard(undefined, {
      'PUT /api/issues/1/position': answer(200, { issues: [], version: 6 }),
    });
    const transfer = dataTransfer();
    const source = card('Write the spec').closest('[data-card]')!;
    fireEvent.dragStart(source, { dataTransfer: transfer, clientX: 5, clientY: 5 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.dragEnter(column('Done'), { dataTransfer: transfer, clientX: 10, clientY: 5 });
    fireEvent.dragOver(column('Done'), { dataTransfer: transfer, clientX: 10, clientY: 5 });
    expect(column('Done').className).not.toMatch(/dropAfter|dropBefore/);
    fireEvent.drop(column('Done'), { dataTransfer: transfer, clientX: 10, clientY: 5 });
    fireEvent.dragEnd(source, { dataTransfer: transfer });
    await waitFor(() => expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(1));
    expect(columnNames()).toEqual(['To Do', 'In Progress', 'Done']);
    expect(server.calls.filter((c) => c.path.startsWith('/api/columns'))).toEqual([]);
  });
});
