import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import BoardApp from './board-app';

/** Mounts the exposed root the way the shell does: at `boards/*`. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="boards/*" element={<BoardApp />} />
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

describe('mf_boards routes', () => {
  it('/boards/:boardId draws that board', () => {
    const { container } = renderAt('/boards/42');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Board 42');
    expect(container.querySelector('[data-remote="mf_boards"]')).not.toBeNull();
  });

  it.each(['/boards', '/boards/42/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});
