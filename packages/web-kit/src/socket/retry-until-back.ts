import { socketManager, type SocketManager } from './socket-manager';

export interface RetryOptions {
  /** The first wait before trying again; each later wait doubles, up to `lastMs`. */
  firstMs?: number;
  lastMs?: number;
  /** Whose reconnects count as "back" (tests hand in their own). */
  manager?: Pick<SocketManager, 'onConnect'>;
}

/**
 * Tries `attempt` again until it answers true: after a wait that doubles each time, and at once
 * whenever the network looks back — the browser's `online` event or the realtime connection's
 * reconnect, whichever comes first. While the browser says it is offline the timer tries nothing
 * (its `online` event will). One attempt at a time: a sign that comes meanwhile is not lost, it
 * is tried once that attempt has failed. Returns a function that stops it all.
 *
 * The one rule for getting over a short outage, used for code that failed to load (a remote, a
 * lazy part of one) and for a board whose calls got no answer.
 */
export function retryUntilBack(
  attempt: () => boolean | Promise<boolean>,
  { firstMs = 1_000, lastMs = 30_000, manager = socketManager }: RetryOptions = {},
): () => void {
  let stopped = false;
  let wait = firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let signalled = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', back);
    offConnect();
  };
  const schedule = () => {
    clearTimeout(timer);
    const delay = wait;
    wait = Math.min(wait * 2, lastMs);
    timer = setTimeout(() => navigator.onLine && void tryNow(), delay);
  };
  async function tryNow(): Promise<void> {
    if (stopped) return;
    if (running) {
      signalled = true;
      return;
    }
    running = true;
    let done = false;
    try {
      done = await attempt();
    } catch {
      // A failed attempt is what this waits out.
    } finally {
      running = false;
    }
    if (stopped) return;
    if (done) return stop();
    if (signalled) {
      signalled = false;
      return tryNow();
    }
    schedule();
  }
  // Back: at once, and the waits start short again.
  function back() {
    wait = firstMs;
    void tryNow();
  }

  window.addEventListener('online', back);
  const offConnect = manager.onConnect(({ reconnect }) => reconnect && back());
  schedule();
  return stop;
}

/**
 * Whether `error` says code did not arrive — webpack's ChunkLoadError (a chunk's script failed,
 * as it does while the server is down), or a browser's failed dynamic import — rather than code
 * that arrived and failed while running. Only the first is worth waiting out (`retryUntilBack`).
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}
