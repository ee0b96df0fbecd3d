import { render } from '@testing-library/react';
import { defaultProfileSettings, type AdminUserDto } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import AdminApp from '../exposes/admin-app';

// Screens of this remote under test: mounted the way the shell mounts them (at admin/*), a
// fresh swr cache per render, and the server answered at `fetch` (see fake-admin-server).

function WhereWeAre() {
  const { pathname, search } = useLocation();
  return (
    <>
      <span data-testid="current-path">{pathname}</span>
      <span data-testid="current-search">{search}</span>
    </>
  );
}

export function renderAdminAt(url = '/admin/user-approval') {
  return render(
    <SWRConfig
      value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false, revalidateOnReconnect: false }}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="admin/*" element={<AdminApp />} />
          <Route path="login" element={<p>Sign in</p>} />
        </Routes>
        <WhereWeAre />
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** Signs the administrator in the way login does (token and user in the shared session store). */
export function signInAsAdmin(token = 'admin-token') {
  useSession.getState().signIn(token, {
    id: '1',
    name: 'Root Admin',
    email: 'root@example.com',
    status: 'ACTIVE',
    role: 'admin',
    isAdmin: true,
  });
}

let nextId = 100;

/** An account as GET /api/admin/users lists it: awaiting approval unless told otherwise. */
export function adminUser(fields: Partial<AdminUserDto> = {}): AdminUserDto {
  const id = fields.id ?? String(nextId++);
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    bio: '',
    avatarUrl: null,
    role: 'user',
    isAdmin: false,
    status: 'PENDING_APPROVAL',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    profileSettings: defaultProfileSettings,
    ...fields,
  };
}
