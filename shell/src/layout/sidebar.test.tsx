import { render, screen, within } from '@testing-library/react';
import { useSession } from '@trackboard/web-kit';
import { MemoryRouter } from 'react-router';
import { Sidebar } from './sidebar';

// The Releases page sits beside Users and the moderation log, for administrators only.

const renderSidebar = (url = '/dashboard') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Sidebar id="sidebar" open overlay={false} onNavigate={() => {}} />
    </MemoryRouter>,
  );
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

it('never shows Releases to a user who is not an administrator', () => {
  useSession.getState().signIn('t0ken', { id: '2', email: 'ada@example.com', role: 'user', isAdmin: false });
  renderSidebar();
  expect(nav().getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  expect(nav().queryByRole('link', { name: 'Releases' })).not.toBeInTheDocument();
});

it('links an administrator to /admin/releases after the moderation log, current on that page', () => {
  useSession.getState().signIn('t0ken', { id: '1', email: 'root@example.com', role: 'admin' });
  renderSidebar('/admin/releases');
  const links = nav().getAllByRole('link');
  expect(links.map((link) => link.textContent).slice(-2)).toEqual(['Moderation Log', 'Releases']);
  const releases = nav().getByRole('link', { name: 'Releases' });
  expect(releases).toHaveAttribute('href', '/admin/releases');
  expect(releases).toHaveAttribute('aria-current', 'page');
});
