import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { defaultProfileSettings, type RemoteName, type UserDto } from '@trackboard/contracts';
import { useSession, type SessionUser } from '@trackboard/web-kit';
import type { LoadRemoteApp } from '../federation/load-remote-app';
import { RemoteLoaderProvider } from '../federation/remote-route';
import { LanguageRoot } from '../layout/language-root';
import { AppRoutes } from '../routing/app-routes';

/** A stand-in for a remote's exposed root: marks itself and names the path it was drawn at. */
export function fakeRemoteApp(name: RemoteName) {
  return {
    default: function FakeRemote() {
      const { pathname } = useLocation();
      return (
        <div data-remote={name}>
          <h1>
            {name} at {pathname}
          </h1>
        </div>
      );
    },
  };
}

/** Loads every remote successfully, as stand-ins. */
export const loadFakeRemotes: LoadRemoteApp = async (name) => fakeRemoteApp(name);

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-path">{pathname + search}</output>;
}

/**
 * The shell's routes at `url`, with remotes loaded by `load` instead of Module Federation, and
 * a fresh swr cache, so no test sees what an earlier one loaded. Drawn afresh on a change of
 * language or time zone, as the app is (bootstrap.tsx).
 */
export function renderShell(url: string, load: LoadRemoteApp = jest.fn(loadFakeRemotes)) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RemoteLoaderProvider value={load}>
        <MemoryRouter initialEntries={[url]}>
          <LanguageRoot>
            <AppRoutes />
          </LanguageRoot>
          <CurrentPath />
        </MemoryRouter>
      </RemoteLoaderProvider>
    </SWRConfig>,
  );
}

/** An ACTIVE user, as sign-in answers. */
export const activeUser = {
  id: 'u-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  bio: '',
  avatarUrl: null,
  role: 'user',
  isAdmin: false,
  status: 'ACTIVE',
  createdAt: '2025-01-01T00:00:00.000Z',
  profileSettings: defaultProfileSettings,
} satisfies UserDto;

/** Signs `user` in, as the sign-in screen does (token and user stored). */
export function signInAs(user: SessionUser = activeUser, token = 't0ken'): void {
  useSession.getState().signIn(token, user);
}
