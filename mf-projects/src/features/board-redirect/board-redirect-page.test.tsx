import { render, screen, waitFor, within } from '@testing-library/react';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { MemoryRouter } from 'react-router';
import { bob, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';
import { BoardRedirectPage } from './board-redirect-page';

const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => {
  signInAs(bob);
});

describe('Project redirect, /board/{key}', () => {
  it('shows a spinner while the project loads, then replaces the location with its first board', async () => {
    const held = heldAnswer();
    const server = fakeApi({ 'GET /api/projects/WEB': held.route });
    renderProjectsAt('/board/WEB');
    expect(screen.getByRole('status')).toBeInTheDocument();

    held.release(
      answer(
        200,
        projectDto({
          boards: [
            { id: '77', name: 'First', issueCount: 0 },
            { id: '78', name: 'Second', issueCount: 0 },
          ],
        }),
      ),
    );
    await waitFor(() => expect(path()).toBe('/boards/77'));
    // Replaced, not pushed: Back does not land on the redirect again.
    expect(screen.getByText('Board view (REPLACE)')).toBeInTheDocument();
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/projects/WEB']);
  });

  it('says so when the project has no board', async () => {
    fakeApi({ 'GET /api/projects/WEB': answer(200, projectDto({ boards: [] })) });
    renderProjectsAt('/board/WEB');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Error');
    expect(panel).toHaveTextContent('Could not load board information.');
    expect(panel).toHaveTextContent('Details: Project found, but it does not have an associated board.');
    expect(path()).toBe('/board/WEB');
  });

  it.each([
    [answer(404, { message: 'Project not found' }), 'Details: Project not found'],
    [answer(502), 'Details: Failed to fetch project details.'],
  ])('shows why the project could not be fetched (%#)', async (reply, details) => {
    fakeApi({ 'GET /api/projects/NOPE': reply });
    renderProjectsAt('/board/NOPE');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Could not load board information.');
    expect(panel).toHaveTextContent(details);
  });

  it('says so when the URL carries no key, without calling the server', () => {
    const server = fakeApi();
    render(
      <MemoryRouter>
        <BoardRedirectPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Details: Project key not found in URL.');
    expect(server.calls).toHaveLength(0);
  });
});
