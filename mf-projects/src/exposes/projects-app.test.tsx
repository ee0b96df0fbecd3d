import { screen } from '@testing-library/react';
import { answer, failOnRouterWarnings, fakeApi, renderRemoteAt } from '@trackboard/web-kit/testing';
import { bob, projectDto, signInAs } from '../testing/render-projects';
import ProjectsApp from './projects-app';

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(ProjectsApp, ['projects/*', 'board/*'], url);

failOnRouterWarnings();

beforeEach(() => {
  signInAs(bob);
  // WEB has no board, so /board/WEB stays on this remote (its error panel) instead of leaving for /boards.
  fakeApi({ 'GET /api/projects': answer(200, []), 'GET /api/projects/WEB': answer(200, projectDto({ boards: [] })) });
});

describe('mf_projects routes', () => {
  it.each([
    ['/projects', 'Projects'],
    ['/projects/', 'Projects'],
    ['/projects/WEB', 'Web Platform'],
    ['/board/WEB', 'Error'],
  ])('%s draws "%s"', async (url, heading) => {
    const { container } = renderAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(container.querySelector('[data-remote="mf_projects"]')).not.toBeNull();
  });

  it.each(['/projects/WEB/extra', '/board', '/board/WEB/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });
});
