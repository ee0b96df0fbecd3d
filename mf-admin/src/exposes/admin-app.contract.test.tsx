import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { answer, fakeApi, renderInHost } from '@trackboard/web-kit/testing';
import { adminUser, signInAsAdmin } from '../testing/render-admin';

// The contract between this remote and the shell, run in the team's own pipeline
// (`npm test -w mf-admin`): what webpack.config.js exposes as ./App is a module whose default
// export draws its first screen inside a host built like the shell, using the host's react,
// react-router, zustand and web-kit (Module Federation shares them as singletons).

// As the shell's RemoteRoute loads `mf_admin/App`: a lazy module, drawn from its default export.
const RemoteApp = lazy(() => import('./admin-app'));
// jest compiles the remote's module graph on its first import: before the screens' timeouts start.
beforeAll(() => import('./admin-app'));

const openInHost = (url: string) => renderInHost(RemoteApp, ['admin/*'], url);

/** What User Approval, the first screen, asks the gateway for. */
const pendingList =
  '/api/admin/users?status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=1&limit=10&searchTerm=&sortField=createdAt&sortOrder=desc';

beforeEach(() => {
  // The host's sign-in, through the shared session store.
  signInAsAdmin('host-token');
});

describe('mf_admin in the shell (contract)', () => {
  it("moves the host's router to its first screen, named and versioned at its root", async () => {
    const gateway = fakeApi({
      [`GET ${pendingList}`]: answer(200, { users: [adminUser({ name: 'Pat Pending' })], total: 1 }),
    });
    openInHost('/admin');

    expect(await screen.findByText('Pat Pending')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Approval');
    // Its index route's redirect went through the one router.
    expect(screen.getByLabelText('host path')).toHaveTextContent('/admin/user-approval');
    const root = screen.getByRole('main', { name: 'remote' }).firstElementChild;
    expect(root).toHaveAttribute('data-remote', 'mf_admin');
    expect(root).toHaveAttribute('data-remote-version', 'test');
    // The remote's API client sends the session the host signed in.
    expect(gateway.callsTo(`GET ${pendingList}`)[0]?.headers.Authorization).toBe('Bearer host-token');
  });

  it("hands a session the gateway refuses back to the host's store and router", async () => {
    fakeApi({ [`GET ${pendingList}`]: answer(401, { message: 'Unauthorized' }) });
    openInHost('/admin/user-approval');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('host path')).toHaveTextContent('/login');
    expect(screen.getByLabelText('host session')).toHaveTextContent('nobody');
  });
});
