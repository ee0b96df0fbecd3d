import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import AdminApp from './admin-app';

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** Mounts the exposed root the way the shell does: at `admin/*`. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="admin/*" element={<AdminApp />} />
      </Routes>
      <CurrentPath />
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

describe('mf_admin routes', () => {
  it.each(['/admin', '/admin/'])('%s redirects to /admin/user-approval', (url) => {
    const { container } = renderAt(url);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Approval');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/admin/user-approval');
    expect(container.querySelector('[data-remote="mf_admin"]')).not.toBeNull();
  });

  it('/admin/user-approval draws User Approval', () => {
    renderAt('/admin/user-approval');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Approval');
  });

  it.each(['/admin/nope', '/admin/user-approval/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });
});
