import { fireEvent, screen, within } from '@testing-library/react';
import { RemoteLoadFailure, type RemotesManifest } from '@trackboard/contracts';
import { remoteVersionsHeader } from '@trackboard/web-kit';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../testing/render-shell';
import { createRemoteLoader } from './load-remote-app';
import { fakeFederationRuntime } from './testing/fake-federation-runtime';

// Remote releases: the gateway picks each remote's release per user, and names the
// current one to fall back to when it hands out a canary.
const current = { entry: '/remotes/mf_boards/0.2.0-1a2b3c4d/mf-manifest.json', version: '0.2.0-1a2b3c4d' };
const canary = { entry: '/remotes/mf_boards/0.3.0-c0ffee00/mf-manifest.json', version: '0.3.0-c0ffee00' };
const withCanary: RemotesManifest = {
  remotes: [
    { name: 'mf_projects', entry: '/remotes/mf_projects/bundled/mf-manifest.json', version: 'bundled' },
    { name: 'mf_boards', ...canary, fallback: current },
  ],
};
const fallbackText = 'This part of the app could not be loaded.';
const boardsApp = { name: 'mf_boards at /boards/7' };

let info: jest.SpyInstance;
let warn: jest.SpyInstance;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  installViewport(1280);
  signInAs();
  info = jest.spyOn(console, 'info').mockImplementation(() => {});
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  // React reports every error an error boundary catches; some tests cause them on purpose.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  info.mockRestore();
  warn.mockRestore();
  consoleError.mockRestore();
});

function gatewayAnswering(manifest: RemotesManifest) {
  return fakeApi({ 'GET /remotes.json': answer(200, manifest), 'POST /api/releases/failures': answer(204) });
}

describe('reading /remotes.json', () => {
  it('sends the stored token, so the canary choice follows the user', async () => {
    const gateway = gatewayAnswering(withCanary);
    const load = createRemoteLoader(fakeFederationRuntime());
    await load('mf_boards');
    const [, init] = gateway.fetch.mock.calls[0]!;
    expect(init).toMatchObject({
      headers: { Accept: 'application/json', Authorization: 'Bearer t0ken' },
      // Before sign-in the gateway keeps the choice by its own cookie.
      credentials: 'same-origin',
    });
  });

  it('sends no Authorization header when no one is signed in', async () => {
    localStorage.clear();
    const gateway = gatewayAnswering(withCanary);
    await createRemoteLoader(fakeFederationRuntime())('mf_projects');
    expect(gateway.callsTo('GET /remotes.json')[0]!.headers).not.toHaveProperty('Authorization');
  });
});

describe('a canary release', () => {
  it('that loads is what the page runs, and what API calls name', async () => {
    const gateway = gatewayAnswering(withCanary);
    const runtime = fakeFederationRuntime();
    renderShell('/boards/7', createRemoteLoader(runtime));

    expect(await screen.findByRole('heading', boardsApp)).toBeInTheDocument();
    expect(runtime.entryOf('mf_boards')).toBe(`http://localhost${canary.entry}`);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(gateway.callsTo('POST /api/releases/failures')).toHaveLength(0);
    expect(info).toHaveBeenCalledWith('[trackboard] mf_boards 0.3.0-c0ffee00 loaded');
    expect(remoteVersionsHeader()).toContain('mf_boards=0.3.0-c0ffee00');
  });

  it('that fails is replaced by the current release, and reported', async () => {
    const gateway = gatewayAnswering(withCanary);
    const runtime = fakeFederationRuntime([canary.entry]);
    renderShell('/boards/7', createRemoteLoader(runtime));

    // The person sees the board, not the Retry panel.
    expect(await screen.findByRole('heading', boardsApp)).toBeInTheDocument();
    expect(screen.queryByText(fallbackText)).not.toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_boards', entry: `http://localhost${current.entry}` }],
      { force: true },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);

    const [report] = gateway.callsTo('POST /api/releases/failures');
    expect(report!.body).toEqual({
      remote: 'mf_boards',
      version: '0.3.0-c0ffee00',
      message: 'Remote module mf_boards/App could not be loaded: Failed to fetch mf-manifest.json',
    });
    expect(info).toHaveBeenCalledWith('[trackboard] mf_boards 0.2.0-1a2b3c4d loaded');
    expect(info).not.toHaveBeenCalledWith('[trackboard] mf_boards 0.3.0-c0ffee00 loaded');
    expect(remoteVersionsHeader()).toContain('mf_boards=0.2.0-1a2b3c4d');
  });

  // An emoji is two UTF-16 units: a report cut inside one would be refused by the gateway.
  it('reports a long error cut between characters, within the 500 the gateway takes', async () => {
    const gateway = gatewayAnswering(withCanary);
    const runtime = fakeFederationRuntime();
    runtime.loadRemote.mockRejectedValueOnce(new Error(`x${'😀'.repeat(300)}`));
    await createRemoteLoader(runtime)('mf_boards');

    const [report] = gateway.callsTo('POST /api/releases/failures');
    expect(report!.body).toEqual({ remote: 'mf_boards', version: canary.version, message: `x${'😀'.repeat(249)}` });
    expect(RemoteLoadFailure.safeParse(report!.body).success).toBe(true);
  });

  it('falls back even when its report cannot be sent', async () => {
    const gateway = gatewayAnswering(withCanary);
    gateway.on('POST /api/releases/failures', answer(503, { message: 'Service unavailable' }));
    renderShell('/boards/7', createRemoteLoader(fakeFederationRuntime([canary.entry])));

    expect(await screen.findByRole('heading', boardsApp)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not report the failed canary', expect.anything());
  });

  it('ends in the Retry panel when the current release fails too, and Retry stays on the current release', async () => {
    const gateway = gatewayAnswering(withCanary);
    const runtime = fakeFederationRuntime([canary.entry, current.entry]);
    renderShell('/boards/7', createRemoteLoader(runtime));

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(fallbackText);
    expect(gateway.callsTo('POST /api/releases/failures')).toHaveLength(1);

    runtime.failing.delete(current.entry);
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', boardsApp)).toBeInTheDocument();
    expect(runtime.entryOf('mf_boards')).toBe(`http://localhost${current.entry}`);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(gateway.callsTo('POST /api/releases/failures')).toHaveLength(1);
    expect(remoteVersionsHeader()).toContain('mf_boards=0.2.0-1a2b3c4d');
  });
});

describe('the current release', () => {
  it('that fails shows the Retry panel and reports nothing', async () => {
    const gateway = gatewayAnswering({ remotes: [{ name: 'mf_boards', ...current }] });
    renderShell('/boards/7', createRemoteLoader(fakeFederationRuntime([current.entry])));

    expect(await screen.findByRole('alert')).toHaveTextContent(fallbackText);
    expect(gateway.callsTo('POST /api/releases/failures')).toHaveLength(0);
  });
});
