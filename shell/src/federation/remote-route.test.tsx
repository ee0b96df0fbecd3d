import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeRemoteApp, renderShell, signInAs } from '../testing/render-shell';
import { installViewport } from '@trackboard/web-kit/testing';
import type { LoadRemoteApp, RemoteAppModule } from './load-remote-app';
import remoteFallbackPlugin, { unavailableCause } from './remote-fallback-plugin';
import { REMOTE_RETRY_FIRST_MS } from './remote-route';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { standInFromRuntimePlugin } from './testing/fake-federation-runtime';

const fallbackText = 'This part of the app could not be loaded.';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  installViewport(1280);
  signInAs();
  // React reports every error an error boundary catches; these tests cause them on purpose.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('a remote that fails to load', () => {
  it.each([
    ['rejects', (): Promise<RemoteAppModule> => Promise.reject(new Error('GET /remotes.json answered 502'))],
    ['resolves to the runtime plugin stand-in', () => standInFromRuntimePlugin('mf_boards')],
  ])('is contained when the loader %s, and Retry loads it anew', async (_how, failOnce) => {
    const load = jest.fn<ReturnType<LoadRemoteApp>, Parameters<LoadRemoteApp>>().mockImplementationOnce(failOnce);
    load.mockImplementation(async (name) => fakeRemoteApp(name));
    renderShell('/boards/7', load);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(fallbackText);
    // The rest of the shell is untouched.
    expect(screen.getByRole('banner')).toHaveTextContent('Board');
    expect(
      within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('link', { name: 'Dashboard' }),
    ).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'mf_boards at /boards/7' })).toBeInTheDocument();
    expect(screen.queryByText(fallbackText)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps other routes and other remotes working', async () => {
    const load: LoadRemoteApp = async (name) => {
      if (name === 'mf_boards') throw new Error('remote down');
      return fakeRemoteApp(name);
    };
    renderShell('/boards/7', load);
    expect(await screen.findByText(fallbackText)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(fallbackText)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'mf_projects at /projects' })).toBeInTheDocument();
  });

  it("does not carry one remote's failure over to the next remote navigated to", async () => {
    const load: LoadRemoteApp = async (name) => {
      if (name === 'mf_boards') throw new Error('remote down');
      return fakeRemoteApp(name);
    };
    renderShell('/boards/7', load);
    expect(await screen.findByText(fallbackText)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'mf_projects at /projects' })).toBeInTheDocument();
    expect(screen.queryByText(fallbackText)).not.toBeInTheDocument();
  });

  it('tries again when the route is visited again after a failure', async () => {
    const load = jest
      .fn<ReturnType<LoadRemoteApp>, Parameters<LoadRemoteApp>>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockImplementation(async (name) => fakeRemoteApp(name));
    renderShell('/projects', load);
    expect(await screen.findByText(fallbackText)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'mf_projects at /projects' })).toBeInTheDocument();
  });
});

describe('a remote that did not load during a short outage', () => {
  /** Fails (as the runtime plugin answers) until `back` is set. */
  function flakyLoader() {
    const state = { back: false };
    const load = jest.fn<ReturnType<LoadRemoteApp>, Parameters<LoadRemoteApp>>(async (name) =>
      state.back ? fakeRemoteApp(name) : standInFromRuntimePlugin(name),
    );
    return Object.assign(state, { load });
  }

  it('is loaded again by itself once the browser is back online, without a click', async () => {
    const remote = flakyLoader();
    renderShell('/boards/7', remote.load);
    expect(await screen.findByRole('alert')).toHaveTextContent(fallbackText);
    remote.back = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'mf_boards at /boards/7' })).toBeInTheDocument();
    expect(screen.queryByText(fallbackText)).not.toBeInTheDocument();
  });

  it('is asked for again further apart each time, and drawn once it answers', async () => {
    jest.useFakeTimers();
    try {
      const remote = flakyLoader();
      renderShell('/boards/7', remote.load);
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('alert')).toHaveTextContent(fallbackText);
      const calls = remote.load.mock.calls.length;
      await act(() => jest.advanceTimersByTimeAsync(REMOTE_RETRY_FIRST_MS));
      expect(remote.load).toHaveBeenCalledTimes(calls + 1);
      // Twice as long before the next.
      await act(() => jest.advanceTimersByTimeAsync(REMOTE_RETRY_FIRST_MS));
      expect(remote.load).toHaveBeenCalledTimes(calls + 1);
      remote.back = true;
      await act(() => jest.advanceTimersByTimeAsync(REMOTE_RETRY_FIRST_MS));
      expect(screen.getByRole('heading', { name: 'mf_boards at /boards/7' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a remote that failed while drawing is not asked for again by itself (nothing to wait out)', async () => {
    jest.useFakeTimers();
    try {
      const load = jest.fn<ReturnType<LoadRemoteApp>, Parameters<LoadRemoteApp>>(async () => ({
        default: function Broken(): never {
          throw new TypeError('Cannot read properties of undefined');
        },
      }));
      renderShell('/boards/7', load);
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('alert')).toHaveTextContent(fallbackText);
      await act(() => jest.advanceTimersByTimeAsync(120_000));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('remote fallback runtime plugin', () => {
  it('answers a failed load with a module whose component reports the failure to the boundary', async () => {
    const standIn = await standInFromRuntimePlugin('mf_admin');
    const Component = standIn.default as () => never;
    expect(() => Component()).toThrow(RemoteUnavailableError);
    expect(() => Component()).toThrow('Remote module mf_admin/App could not be loaded');
  });

  it('lets the loader tell its stand-in from a real module', async () => {
    const standIn = await standInFromRuntimePlugin('mf_admin');
    expect(unavailableCause(standIn)).toBeInstanceOf(RemoteUnavailableError);
    expect(unavailableCause(fakeRemoteApp('mf_admin'))).toBeUndefined();
  });

  it('leaves earlier stages alone so no fake manifest reaches the runtime', async () => {
    const plugin = remoteFallbackPlugin();
    const answer = await plugin.errorLoadRemote!({
      id: 'http://localhost/remotes/mf-admin/mf-manifest.json',
      error: new Error('Failed to fetch'),
      from: 'runtime',
      lifecycle: 'afterResolve',
      origin: {} as never,
    });
    expect(answer).toBeUndefined();
  });
});
