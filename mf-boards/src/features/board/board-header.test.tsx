import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, openedSockets, renderRemoteAt } from '@trackboard/web-kit/testing';
import { Route, Routes, useLocation } from 'react-router';
import BoardApp from '../../exposes/board-app';
import { ada, board, signInAs } from '../../testing/board-fixtures';

const relaunch = board(undefined, { name: 'Website Relaunch Board' });

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  document.title = 'Trackboard';
});

describe('the board page in the browser tab (bug 9)', () => {
  it('is titled with the board name once the board is loaded', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/boards/1': held.route });
    const view = renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    expect(document.title).toBe('Trackboard');

    held.release(answer(200, relaunch));
    await screen.findByRole('heading', { level: 1, name: 'Website Relaunch Board' });
    expect(document.title).toBe('Website Relaunch Board · Trackboard');

    view.unmount();
    await waitFor(() => expect(document.title).toBe('Trackboard'));
  });
});

function Elsewhere() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route path="/projects/*" element={<h1>Projects page at {pathname}</h1>} />
      <Route path="*" element={null} />
    </Routes>
  );
}

const breadcrumb = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const crumbs = () =>
  within(breadcrumb())
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('›', ''));

describe('the way back to the project (bug 16)', () => {
  it('shows Projects › {project name} › {board name}, the board as the current page', async () => {
    const data = board(undefined, { name: 'Website Relaunch Board', projectKey: 'WR' });
    fakeApi({
      'GET /api/boards/1': answer(200, data),
      'GET /api/projects/WR': answer(200, { key: 'WR', name: 'Website Relaunch' }),
    });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1', <Elsewhere />);
    await screen.findByRole('heading', { level: 1, name: 'Website Relaunch Board' });
    await waitFor(() => expect(crumbs()).toEqual(['Projects', 'Website Relaunch', 'Website Relaunch Board']));
    expect(within(breadcrumb()).getByRole('list').tagName).toBe('OL');
    expect(within(breadcrumb()).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(breadcrumb()).getByText('Website Relaunch Board')).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(breadcrumb()).getByRole('link', { name: 'Website Relaunch' }));
    expect(await screen.findByRole('heading', { name: 'Projects page at /projects/WR' })).toBeInTheDocument();
  });

  it('names the project by its key until (or unless) the project can be read', async () => {
    const data = board(undefined, { name: 'Ops Board', projectKey: 'OPS' });
    const project = heldAnswer();
    fakeApi({ 'GET /api/boards/1': answer(200, data), 'GET /api/projects/OPS': project.route });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    await screen.findByRole('heading', { level: 1, name: 'Ops Board' });
    expect(crumbs()).toEqual(['Projects', 'OPS', 'Ops Board']);
    expect(within(breadcrumb()).getByRole('link', { name: 'OPS' })).toHaveAttribute('href', '/projects/OPS');

    project.release(answer(503, { message: 'Service unavailable' }));
    await waitFor(() => expect(crumbs()).toEqual(['Projects', 'OPS', 'Ops Board']));
  });
});
