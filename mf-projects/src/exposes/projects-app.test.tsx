import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import ProjectsApp from './projects-app';

/** Mounts the exposed root the way the shell does: at `projects/*` and at `board/*`. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="projects/*" element={<ProjectsApp />} />
        <Route path="board/*" element={<ProjectsApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  consoleWarn = jest.spyOn(console, 'warn');
});
afterEach(() => {
  // react-router reports mis-nested descendant routes and unmatched paths as warnings.
  expect(consoleWarn).not.toHaveBeenCalled();
  consoleWarn.mockRestore();
});

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
