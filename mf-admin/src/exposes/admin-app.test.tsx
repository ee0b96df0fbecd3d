import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { failOnRouterWarnings, renderRemoteAt } from '@trackboard/web-kit/testing';
import { fakeAdminServer } from '../testing/fake-admin-server';
import AdminApp from './admin-app';

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(AdminApp, ['admin/*'], url, <CurrentPath />);

failOnRouterWarnings();

// The user-approval screen loads its list as soon as it is drawn: give it an empty one.
beforeEach(() => fakeAdminServer([]));
const listLoaded = () => screen.findByText('No users found matching your criteria.');

describe('mf_admin routes', () => {
  it.each(['/admin', '/admin/'])('%s redirects to /admin/user-approval', async (url) => {
    const { container } = renderAt(url);
    await listLoaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Approval');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/admin/user-approval');
    expect(container.querySelector('[data-remote="mf_admin"]')).not.toBeNull();
  });

  it('/admin/user-approval draws User Approval', async () => {
    renderAt('/admin/user-approval');
    await listLoaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Approval');
  });

  it.each([
    ['/admin/users', 'Users', () => listLoaded()],
    ['/admin/moderation-log', 'Moderation Log', () => screen.findByText('No moderation actions recorded yet.')],
  ])('%s draws %s', async (url, title, ready) => {
    renderAt(url);
    await ready();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it.each(['/admin/nope', '/admin/user-approval/extra', '/admin/users/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });
});
