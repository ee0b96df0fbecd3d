import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectBoardDto } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

// A project's boards on its details page: listed with their issue counts, each
// linking to its board; the lead or an admin adds, renames and deletes them (typing the name).

const path = () => screen.getByTestId('current-path').textContent;
const section = () => screen.getByRole('region', { name: /^Boards/ });
const rows = () => within(within(section()).getByRole('list')).getAllByRole('listitem');
const row = (name: string) => within(section()).getByRole('listitem', { name });

/** A server holding the project's boards: GET answers them as they now are, the writes change them. */
function boardServer(initial: ProjectBoardDto[], routes: Record<string, FakeRoute> = {}) {
  let boards = initial;
  let nextId = 100;
  const server = fakeApi({
    'GET /api/projects/WEB': () => answer(200, projectDto({ boards })),
    'POST /api/projects/10/boards': (call) => {
      const { name } = call.body as { name: string };
      boards = [...boards, { id: String(nextId++), name, issueCount: 0 }];
      return answer(201, { id: boards.at(-1)!.id, name, columns: [] });
    },
    ...Object.fromEntries(
      initial.flatMap((board) => [
        [
          `PUT /api/boards/${board.id}`,
          (call: { body: unknown }) => {
            const { name } = call.body as { name: string };
            boards = boards.map((b) => (b.id === board.id ? { ...b, name } : b));
            return answer(200, { id: board.id, name, columns: [] });
          },
        ],
        [
          `DELETE /api/boards/${board.id}`,
          () => {
            boards = boards.filter((b) => b.id !== board.id);
            return answer(204);
          },
        ],
      ]),
    ),
    ...routes,
  });
  return server;
}

const two: ProjectBoardDto[] = [
  { id: '77', name: 'Web Platform Board', issueCount: 3 },
  { id: '78', name: 'Support', issueCount: 1 },
];

async function openAs(user: typeof ada, boards = two, routes: Record<string, FakeRoute> = {}, session: object = {}) {
  signInAs(user, session);
  const server = boardServer(boards, routes);
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: 'Web Platform' });
  return server;
}

function openDelete(name: string) {
  fireEvent.click(within(row(name)).getByRole('button', { name: `Delete ${name}` }));
  return screen.getByRole('dialog', { name: `Delete ${name}?` });
}
const typeName = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(`Type ${name} to confirm`), { target: { value } });
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Delete this board' });

describe('a project’s boards', () => {
  it('lists them oldest first with their issue counts, each linking to its board', async () => {
    await openAs(bob);
    expect(within(section()).getByRole('heading', { name: 'Boards (2)' })).toBeInTheDocument();
    expect(rows().map((item) => item.textContent)).toEqual(['Web Platform Board3 issues', 'Support1 issue']);
    fireEvent.click(within(row('Support')).getByRole('link', { name: 'Support' }));
    expect(path()).toBe('/boards/78');
  });

  it('offers a plain member no way to add, rename or delete', async () => {
    await openAs(bob);
    expect(within(section()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    ['the lead', ada, {}],
    ['an admin', root, { role: 'admin', isAdmin: true }],
  ])('%s adds a board, which the project then lists', async (_who, user, session) => {
    const server = await openAs(user, two, {}, session);
    const input = within(section()).getByLabelText('Board name');
    fireEvent.change(input, { target: { value: '  Roadmap  ' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'New board' }));
    expect(await within(section()).findByRole('listitem', { name: 'Roadmap' })).toHaveTextContent('0 issues');
    expect(server.callsTo('POST /api/projects/10/boards').map((c) => c.body)).toEqual([{ name: 'Roadmap' }]);
    expect(input).toHaveValue('');
    expect(within(section()).getByRole('heading', { name: 'Boards (3)' })).toBeInTheDocument();
  });

  it('says a name is needed, or too long, before sending; and what the server refused', async () => {
    const server = await openAs(ada, two, {
      'POST /api/projects/10/boards': answer(400, { message: 'name: is too long' }),
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'New board' }));
    expect(within(section()).getByText('Board name is required.')).toBeInTheDocument();
    fireEvent.change(within(section()).getByLabelText('Board name'), { target: { value: 'x'.repeat(201) } });
    expect(within(section()).getByText('Board name can be at most 200 characters.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/10/boards')).toHaveLength(0);

    fireEvent.change(within(section()).getByLabelText('Board name'), { target: { value: 'Fine' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'New board' }));
    expect(await within(section()).findByText('Board name can be at most 200 characters.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/10/boards')).toHaveLength(1);
  });

  it('renames a board in place: Save sends the trimmed name, Escape leaves it as it was', async () => {
    const server = await openAs(ada);
    fireEvent.click(within(row('Support')).getByRole('button', { name: 'Rename Support' }));
    let input = within(row('Support')).getByLabelText('New name for Support');
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: 'Nope' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(within(row('Support')).getByRole('link', { name: 'Support' })).toBeInTheDocument();

    fireEvent.click(within(row('Support')).getByRole('button', { name: 'Rename Support' }));
    input = within(row('Support')).getByLabelText('New name for Support');
    expect(input).toHaveValue('Support');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(row('Support')).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(row('Support')).getByText('Board name is required.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' Help desk ' } });
    fireEvent.click(within(row('Support')).getByRole('button', { name: 'Save' }));
    expect(await within(section()).findByRole('link', { name: 'Help desk' })).toHaveAttribute('href', '/boards/78');
    expect(server.callsTo('PUT /api/boards/78').map((c) => c.body)).toEqual([{ name: 'Help desk' }]);
  });

  it('says why a rename failed and keeps what was typed', async () => {
    await openAs(ada, two, {
      'PUT /api/boards/78': answer(403, { message: 'Only the project lead or an administrator can change the board.' }),
    });
    fireEvent.click(within(row('Support')).getByRole('button', { name: 'Rename Support' }));
    fireEvent.change(within(row('Support')).getByLabelText('New name for Support'), { target: { value: 'Mine' } });
    fireEvent.click(within(row('Support')).getByRole('button', { name: 'Save' }));
    expect(await within(row('Support')).findByRole('alert')).toHaveTextContent(
      'Failed to rename board: Only the project lead or an administrator can change the board.',
    );
    expect(within(row('Support')).getByLabelText('New name for Support')).toHaveValue('Mine');
  });

  it('deletes a board only once its name is typed, then lists the rest', async () => {
    const held = heldAnswer();
    const server = await openAs(ada, two, { 'DELETE /api/boards/78': held.route });
    const dialog = openDelete('Support');
    expect(dialog).toHaveAccessibleDescription(
      'This permanently removes the board with its columns, issues, comments and labels. It cannot be undone.',
    );
    expect(confirmButton(dialog)).toBeDisabled();
    typeName(dialog, 'Support', 'support');
    expect(confirmButton(dialog)).toBeDisabled();
    typeName(dialog, 'Support', 'Support');
    expect(confirmButton(dialog)).toBeEnabled();
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();

    server.on('GET /api/projects/WEB', answer(200, projectDto({ boards: [two[0]!] })));
    held.release(answer(204));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows().map((item) => item.getAttribute('aria-label'))).toEqual(['Web Platform Board']);
    expect(server.callsTo('DELETE /api/boards/78')).toHaveLength(1);
    expect(path()).toBe('/projects/WEB');
  });

  it('says why a delete was refused, and keeps the dialog open', async () => {
    await openAs(ada, two, {
      'DELETE /api/boards/78': answer(400, { message: 'A project needs at least one board.' }),
    });
    const dialog = openDelete('Support');
    typeName(dialog, 'Support', 'Support');
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete board: A project needs at least one board.',
    );
    expect(confirmButton(dialog)).toBeEnabled();
  });

  it('has no delete for the last board, and says why', async () => {
    await openAs(ada, [two[0]!]);
    expect(within(row('Web Platform Board')).getByRole('button', { name: 'Rename Web Platform Board' })).toBeEnabled();
    expect(within(section()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(section()).getByText('A project needs at least one board.')).toBeInTheDocument();
  });
});
