import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, fakeApi, renderRemoteAt } from '@trackboard/web-kit/testing';
import BoardApp from '../../exposes/board-app';
import { ada, board, signInAs } from '../../testing/board-fixtures';

// "Save view": the board's address as it is (filters, view, sort) saved under a name, personal
// or shared, through the project service's POST /projects/:key/views.

const view = {
  id: '40',
  projectKey: 'WEB',
  boardId: '1',
  name: 'High priority',
  query: 'priority=high',
  shared: true,
  authorId: '7',
  authorName: 'Ada Lovelace',
  createdAt: '2030-01-01T09:00:00.000Z',
  updatedAt: '2030-01-01T09:00:00.000Z',
};

async function renderAt(path: string, saved = answer(201, view)) {
  const server = fakeApi({
    'GET /api/boards/1': answer(200, board()),
    'POST /api/projects/WEB/views': saved,
  });
  renderRemoteAt(BoardApp, ['boards/*'], path);
  await screen.findByRole('heading', { level: 1, name: 'Web board' });
  return server;
}

beforeEach(() => signInAs(ada));

it('saves the address as the board shows it, shared when asked, and says so', async () => {
  const server = await renderAt('/boards/1?priority=high');
  fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: ' High priority ' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with the project' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('View "High priority" saved.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.callsTo('POST /api/projects/WEB/views').map((call) => call.body)).toEqual([
    { name: 'High priority', boardId: '1', query: '?priority=high', shared: true },
  ]);
});

it('asks for a name, and says why the server refused one', async () => {
  const server = await renderAt(
    '/boards/1',
    answer(409, { message: 'You already have a view with this name in this project.' }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Name: is required')).toBeInTheDocument();
  expect(server.callsTo('POST /api/projects/WEB/views')).toEqual([]);
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Mine' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(
    await within(dialog).findByText('You already have a view with this name in this project.'),
  ).toBeInTheDocument();
});
