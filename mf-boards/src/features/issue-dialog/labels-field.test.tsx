import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { answer, type FakeRoute, installViewport, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, board, signInAs } from '../../testing/board-fixtures';
import { card, loadedIssue, renderBoard } from '../../testing/render-board';

// The first dialog of a file loads its lazy chunk: slow on a busy machine.
jest.setTimeout(20000);
const labels = [
  { id: '30', boardId: '1', name: 'bug', color: 'red' as const },
  { id: '31', boardId: '1', name: 'frontend', color: 'blue' as const },
];
const patched = (call: RecordedCall) => answer(200, loadedIssue({ ...(call.body as Partial<IssueDto>), version: 4 }));

/** "Write the spec" open in the dialog with its Labels picker open, on a board with two labels. */
async function openPicker(routes: Record<string, FakeRoute> = {}) {
  const rendered = await renderBoard(board(undefined, { labels }), {
    'GET /api/issues/1': answer(200, loadedIssue()),
    'GET /api/issues/1/comments': answer(200, []),
    'PATCH /api/issues/1': patched,
    ...routes,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit Labels' }));
  const search = within(dialog).getByRole('combobox', { name: 'Labels' });
  return { ...rendered, dialog, search };
}
/** Typed a letter at a time, as a person types (each keystroke its own change). */
const typeInto = (input: HTMLElement, text: string) => {
  for (let end = 1; end <= text.length; end++) fireEvent.change(input, { target: { value: text.slice(0, end) } });
};
const createOption = (dialog: HTMLElement) => within(dialog).queryByRole('option', { name: /^Create label/ });

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('creating a label from the issue’s Labels picker', () => {
  it('offers "Create label" for a new name typed a letter at a time, chosen for Enter', async () => {
    const { dialog, search } = await openPicker();
    typeInto(search, 'qa');
    const create = createOption(dialog);
    expect(create).toHaveAccessibleName('Create label "qa"');
    // The only choice left, so Enter takes it.
    await waitFor(() => expect(create).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(search).toHaveAttribute('aria-activedescendant', create!.id));
  });

  it('creates it with Enter, in the palette’s next colour, puts it on the issue and says so', async () => {
    const created = { id: '32', boardId: '1', name: 'qa', color: 'yellow' };
    const { dialog, search, server } = await openPicker({ 'POST /api/boards/1/labels': answer(201, created) });
    typeInto(search, 'qa');
    await waitFor(() => expect(createOption(dialog)).toHaveAttribute('aria-selected', 'true'));
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1').map((c) => c.body)).toHaveLength(1));
    // Two labels on the board: the palette's third colour.
    expect(server.callsTo('POST /api/boards/1/labels').map((c) => c.body)).toEqual([{ name: 'qa', color: 'yellow' }]);
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toMatchObject({ labelIds: ['32'], version: 3 });
    const labelsField = within(dialog).getByRole('region', { name: 'Labels' });
    await waitFor(() =>
      expect(within(labelsField).getByRole('status')).toHaveTextContent('Created the label "qa" and added it.'),
    );
    // The search starts again, the new label listed and ticked; the card shows it.
    expect(search).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: /qa/ })).toHaveAttribute('aria-checked', 'true'),
    );
    // The card under the (modal) dialog shows it too.
    const face = screen
      .getByRole('button', { name: 'Write the spec', hidden: true })
      .closest<HTMLElement>('[data-card]')!;
    await waitFor(() => expect(within(face).getByText('qa')).toBeInTheDocument());
  });

  it('keeps the labels a name matches ahead of "Create label", and offers none for a name the board has', async () => {
    const { dialog, search } = await openPicker();
    typeInto(search, 'bu');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['bug', 'Create label "bu"']);
    await waitFor(() => expect(options[0]).toHaveAttribute('aria-selected', 'true'));
    typeInto(search, 'Bug');
    expect(createOption(dialog)).toBeNull();
    fireEvent.change(search, { target: { value: ' frontend ' } });
    expect(createOption(dialog)).toBeNull();
  });
});
