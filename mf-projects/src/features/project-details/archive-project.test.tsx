import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, answerConfirm, fakeApi, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

// Archiving a project from its details: the lead or an admin; while archived the page
// says so and offers no editing, member or board controls, only Unarchive.

const web = projectDto();
const archived = { ...web, archivedAt: '2024-06-01T10:00:00.000Z' };
const notice = 'This project is archived. It is read-only until the project lead or an administrator unarchives it.';

async function openAs(user: typeof ada, project = web, routes: Record<string, FakeRoute> = {}, session: object = {}) {
  signInAs(user, session);
  const server = fakeApi({
    'GET /api/projects/WEB': answer(200, project),
    'GET /api/projects': answer(200, []),
    ...routes,
  });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: 'Web Platform' });
  return server;
}

beforeEach(() => {
  jest.restoreAllMocks();
});

describe('archiving a project', () => {
  it('is offered to the lead and to an admin, not to a member', async () => {
    await openAs(bob);
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('asks first, then archives: the page says so and its editing controls go', async () => {
    const server = await openAs(ada, web, { 'POST /api/projects/WEB/archive': answer(200, archived) });
    expect(screen.getByRole('button', { name: 'Edit Project' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await answerConfirm(
      true,
      'Archive Web Platform? It becomes read-only for everyone and leaves the projects list until it is unarchived.',
    );
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/archive')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New board' })).not.toBeInTheDocument();
  });

  it('does nothing when the question is declined', async () => {
    const server = await openAs(ada);
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await answerConfirm(false);
    expect(server.callsTo('POST /api/projects/WEB/archive')).toHaveLength(0);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it('unarchives for an admin at once, bringing the controls back', async () => {
    const server = await openAs(
      root,
      archived,
      { 'POST /api/projects/WEB/unarchive': answer(200, web) },
      { role: 'admin', isAdmin: true },
    );
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New board' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(screen.queryByText(notice)).not.toBeInTheDocument());
    expect(server.callsTo('POST /api/projects/WEB/unarchive')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New board' })).toBeInTheDocument();
  });

  it('says why when the server refuses', async () => {
    await openAs(ada, web, {
      'POST /api/projects/WEB/archive': answer(409, { message: 'This project is already archived.' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await answerConfirm(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('This project is already archived.');
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });
});
