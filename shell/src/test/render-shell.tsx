import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { RemoteName } from '@trackboard/contracts';
import type { LoadRemoteApp } from '../federation/load-remote-app';
import { RemoteLoaderProvider } from '../federation/remote-route';
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

/** The shell's routes at `url`, with remotes loaded by `load` instead of Module Federation. */
export function renderShell(url: string, load: LoadRemoteApp = jest.fn(loadFakeRemotes)) {
  return render(
    <RemoteLoaderProvider value={load}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </RemoteLoaderProvider>,
  );
}
