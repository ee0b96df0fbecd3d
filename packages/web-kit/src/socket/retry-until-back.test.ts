import { isLoadFailure, retryUntilBack } from './retry-until-back';
import type { ConnectListener } from './socket-manager';

// Getting over a short outage: what failed (a chunk of code, a board's calls) is tried again,
// further apart each time, and at once when the network looks back.

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

/** A socket manager whose reconnects the test plays. */
function fakeManager() {
  const listeners = new Set<ConnectListener>();
  return {
    onConnect(listener: ConnectListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connects: (reconnect: boolean) => listeners.forEach((listener) => listener({ reconnect })),
    listening: () => listeners.size,
  };
}

/** An attempt that fails until `succeed` is set; `calls` counts them. */
function attempts() {
  const state = { calls: 0, succeed: false };
  return Object.assign(state, {
    attempt: () => {
      state.calls++;
      return Promise.resolve(state.succeed);
    },
  });
}

const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
  online = true;
});
afterEach(() => {
  jest.useRealTimers();
});

it('tries again after waits that double up to the last, until an attempt succeeds', async () => {
  const tries = attempts();
  const manager = fakeManager();
  retryUntilBack(tries.attempt, { firstMs: 1_000, lastMs: 3_000, manager });
  await jest.advanceTimersByTimeAsync(999);
  expect(tries.calls).toBe(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(tries.calls).toBe(1);
  await jest.advanceTimersByTimeAsync(2_000);
  expect(tries.calls).toBe(2);
  // Capped at the last wait.
  await jest.advanceTimersByTimeAsync(3_000);
  expect(tries.calls).toBe(3);
  tries.succeed = true;
  await jest.advanceTimersByTimeAsync(3_000);
  expect(tries.calls).toBe(4);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(tries.calls).toBe(4);
  // Done: nothing is left listening.
  expect(manager.listening()).toBe(0);
});

it('tries at once when the browser is back online or the socket reconnects, and the waits start short again', async () => {
  const tries = attempts();
  const manager = fakeManager();
  retryUntilBack(tries.attempt, { firstMs: 1_000, manager });
  await jest.advanceTimersByTimeAsync(1_000 + 2_000);
  expect(tries.calls).toBe(2);
  window.dispatchEvent(new Event('online'));
  await settle();
  expect(tries.calls).toBe(3);
  manager.connects(true);
  await settle();
  expect(tries.calls).toBe(4);
  // A first connection is no reconnect.
  manager.connects(false);
  await settle();
  expect(tries.calls).toBe(4);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(tries.calls).toBe(5);
});

it('tries nothing on its timer while the browser says it is offline', async () => {
  const tries = attempts();
  online = false;
  retryUntilBack(tries.attempt, { firstMs: 1_000, manager: fakeManager() });
  await jest.advanceTimersByTimeAsync(60_000);
  expect(tries.calls).toBe(0);
  online = true;
  tries.succeed = true;
  window.dispatchEvent(new Event('online'));
  await settle();
  expect(tries.calls).toBe(1);
});

it('one attempt at a time: a sign that comes meanwhile is tried once that attempt failed', async () => {
  let release!: (ok: boolean) => void;
  let calls = 0;
  const manager = fakeManager();
  retryUntilBack(
    () => {
      calls++;
      return new Promise<boolean>((resolve) => (release = resolve));
    },
    { firstMs: 1_000, manager },
  );
  await jest.advanceTimersByTimeAsync(1_000);
  expect(calls).toBe(1);
  manager.connects(true);
  window.dispatchEvent(new Event('online'));
  await settle();
  expect(calls).toBe(1);
  release(false);
  await settle();
  expect(calls).toBe(2);
  release(true);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(calls).toBe(2);
});

it('stops when told, and an attempt that throws counts as failed', async () => {
  let calls = 0;
  const stop = retryUntilBack(
    () => {
      calls++;
      throw new Error('ChunkLoadError');
    },
    { firstMs: 1_000, manager: fakeManager() },
  );
  await jest.advanceTimersByTimeAsync(1_000 + 2_000);
  expect(calls).toBe(2);
  stop();
  window.dispatchEvent(new Event('online'));
  await jest.advanceTimersByTimeAsync(60_000);
  expect(calls).toBe(2);
});

describe('isLoadFailure', () => {
  it("knows webpack's failed chunk and a browser's failed import from an error in running code", () => {
    const chunkLoadError = Object.assign(new Error('Loading chunk 193 failed.\n(error: http://x/issue-dialog.js)'), {
      name: 'ChunkLoadError',
    });
    expect(isLoadFailure(chunkLoadError)).toBe(true);
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isLoadFailure('Loading chunk 1 failed')).toBe(false);
  });
});
