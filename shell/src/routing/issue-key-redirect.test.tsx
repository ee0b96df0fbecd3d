import { screen } from '@testing-library/react';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../testing/render-shell';

// /issues/{key}: a short address that leads to the issue's deep link.

beforeEach(() => {
  installViewport(1280);
  signInAs();
});

/** The redirect is a lazy route: its first load is compiled on demand, slow on a busy machine. */
const LAZY = { timeout: 5000 };
const issueAt = (boardId: string, key: string) => ({ id: '501', key, boardId, title: 'Fix the login redirect' });

describe('/issues/{key}', () => {
  it("replaces itself with the issue's deep link, drawn by the boards remote", async () => {
    const server = fakeApi({ 'GET /api/issues/by-key/WEB-12': answer(200, issueAt('77', 'WEB-12')) });
    renderShell('/issues/WEB-12');
    expect(
      await screen.findByRole('heading', { name: 'mf_boards at /boards/77/issues/WEB-12' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/boards/77/issues/WEB-12');
    expect(server.callsTo('GET /api/issues/by-key/WEB-12')[0]!.headers.Authorization).toBe('Bearer t0ken');
  });

  it('follows the key the server spells (a lower-case address)', async () => {
    fakeApi({ 'GET /api/issues/by-key/web-12': answer(200, issueAt('77', 'WEB-12')) });
    renderShell('/issues/web-12');
    expect(
      await screen.findByRole('heading', { name: 'mf_boards at /boards/77/issues/WEB-12' }, LAZY),
    ).toBeInTheDocument();
  });

  it('is the 404 page for a key that does not exist or that the user may not see, asked once', async () => {
    const server = fakeApi({ 'GET /api/issues/by-key/NOPE-1': answer(404, { message: 'Issue not found' }) });
    renderShell('/issues/NOPE-1');
    expect(await screen.findByRole('heading', { name: '404' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/issues/NOPE-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('GET /api/issues/by-key/NOPE-1')).toHaveLength(1);
  });

  it('says why when the server fails', async () => {
    fakeApi({ 'GET /api/issues/by-key/WEB-12': answer(503, { message: 'Service unavailable' }) });
    renderShell('/issues/WEB-12');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('Service unavailable');
  });
});
