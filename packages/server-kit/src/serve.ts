import { createServer, ServerResponse, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { processLifecycle, trackRequests, type Lifecycle } from './lifecycle';
import type { Logger } from './logger';
import { createMetricsEndpoint, isMetricsPath } from './metrics';

export type Listening = {
  server: Server;
  port: number;
  /** Stops accepting and waits for the requests in flight (up to 10 s): the first step of a graceful stop. */
  drain(graceMs?: number): Promise<void>;
  /** Closes every connection left. */
  close(): Promise<void>;
};

/** How long a client may take to send a request: its headers, and the whole request with its body. */
export type RequestTimeouts = { headersMs: number; requestMs: number };
// A stalled request holds a socket and its parser: a request that declares a body and stops
// sending it is answered 408 and closed instead of staying open (Node's own default is 300 s).
export const requestTimeouts: RequestTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/**
 * The options every HTTP server we create takes: the request timeouts, and headers every
 * response starts with (a handler may still set its own), also the responses written by
 * Node or Socket.IO rather than by an app.
 */
export function httpServerOptions(
  timeouts: RequestTimeouts = requestTimeouts,
  headers: Record<string, string> = {},
): ServerOptions {
  const initial = { 'X-Content-Type-Options': 'nosniff', ...headers };
  class Response<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    constructor(req: Request) {
      super(req);
      for (const [name, value] of Object.entries(initial)) this.setHeader(name, value);
    }
  }
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // Node checks the timeouts on this interval (30 s by default), which would stretch them.
    connectionsCheckingInterval: Math.max(10, Math.min(timeouts.headersMs, timeouts.requestMs) / 4),
    ServerResponse: Response,
  };
}

export type ListenOptions = {
  timeouts?: RequestTimeouts;
  /** Serve `/metrics` beside the app (a service's own port in split mode), behind this token when set. */
  metrics?: { token?: string };
  lifecycle?: Lifecycle;
};

/** Listens and resolves once the port is bound (port 0 picks a free one). */
export function listen(
  app: Pick<Hono, 'fetch'>,
  port: number,
  host = '0.0.0.0',
  timeouts: RequestTimeouts = requestTimeouts,
  { metrics, lifecycle }: Omit<ListenOptions, 'timeouts'> = {},
): Promise<Listening> {
  const answer = getRequestListener(app.fetch, { hostname: host });
  const metricsEndpoint = metrics && createMetricsEndpoint(metrics.token);
  const server = createServer(httpServerOptions(timeouts), (req, res) => {
    tracked.onRequest(req, res);
    if (metricsEndpoint && isMetricsPath(req.url)) metricsEndpoint(req, res);
    else void answer(req, res);
  });
  const tracked = trackRequests(server, { lifecycle });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        drain: tracked.drain,
        close: () => tracked.close(),
      }),
    );
  });
}

/** Starts a plain Node HTTP server and resolves with the port it bound (port 0 picks a free one). */
export function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** However long the cleanups take, a stopping process is gone after this. */
const SHUTDOWN_LIMIT_MS = 30_000;
/** How long before the limit the main thread gives up on its own, so that the log says why. */
const LAST_WORDS_MS = 1_000;

/**
 * Kills this process after `ms` from a thread of its own. A timer on the main thread fires only
 * when the event loop turns: not while a cleanup is stuck in a synchronous call, nor while an
 * exit handler loops (a log flush retrying a write to a pipe whose reader has gone). The thread
 * does not keep the process alive by itself.
 */
function killAfter(ms: number, log: Logger): void {
  const report = (err: unknown) =>
    log.warn({ err }, 'no shutdown watchdog: a stuck main thread could outlive the limit');
  try {
    // No execArgv: the watchdog needs none of the main thread's loaders (tsx) to start.
    const watchdog = new Worker(`setTimeout(() => process.kill(${process.pid}, 'SIGKILL'), ${ms});`, {
      eval: true,
      execArgv: [],
    });
    watchdog.on('error', report);
    watchdog.unref();
  } catch (err) {
    report(err);
  }
}

/**
 * Runs the cleanups once on SIGINT/SIGTERM, in order, then exits 0. The lifecycle starts draining
 * first (`/ready` answers 503), so the cleanups can stop the servers gracefully. Past `limitMs`
 * the process exits 1, or is killed when its main thread cannot.
 */
export function onShutdown(
  log: Logger,
  cleanups: (() => Promise<unknown> | unknown)[],
  lifecycle: Lifecycle = processLifecycle,
  limitMs = SHUTDOWN_LIMIT_MS,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.startDraining();
    log.info({ signal }, 'shutting down');
    killAfter(limitMs, log);
    // Not unref'd: cleanups waiting on something that no longer keeps the event loop alive would
    // otherwise end the process quietly, with status 0, before they were done.
    setTimeout(
      () => {
        log.error('shutdown took too long: exiting anyway');
        process.exit(1);
      },
      Math.max(0, limitMs - LAST_WORDS_MS),
    );
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (err) {
        log.error({ err }, 'cleanup failed');
      }
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
