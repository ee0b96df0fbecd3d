import { screen } from '@testing-library/react';
import { failOnRouterWarnings, renderRemoteAt } from '@trackboard/web-kit/src/testing/remote-harness';
import ProjectsApp from './projects-app';

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(ProjectsApp, ['projects/*', 'board/*'], url);

failOnRouterWarnings();

describe('mf_projects routes', () => {
  it.each([
    ['/projects', 'Projects'],
    ['/projects/', 'Projects'],
    ['/projects/WEB', 'Project WEB'],
    ['/board/WEB', 'Opening the board of project WEB'],
  ])('%s draws "%s"', (url, heading) => {
    const { container } = renderAt(url);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(container.querySelector('[data-remote="mf_projects"]')).not.toBeNull();
  });

  it.each(['/projects/WEB/extra', '/board', '/board/WEB/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });
});
