import { ServerResponse, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from './logger';

export type Listening = { server: ServerType; port: number; close(): Promise<void> };

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

/** Listens and resolves once the port is bound (port 0 picks a free one). */
export function listen(
  app: Pick<Hono, 'fetch'>,
  port: number,
  host = '0.0.0.0',
  timeouts: RequestTimeouts = requestTimeouts,
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port, hostname: host, serverOptions: httpServerOptions(timeouts) },
      (info: AddressInfo) =>
        resolve({
          server,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Keep-alive sockets would hold close() open until they time out.
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        }),
    );
    server.once('error', reject);
  });
}

/** Starts a plain Node HTTP server and resolves with the port it bound (port 0 picks a free one). */
export function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Runs the cleanups once on SIGINT/SIGTERM, then exits. */
export function onShutdown(log: Logger, ...cleanups: (() => Promise<unknown> | unknown)[]) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (err) {
        log.error({ err }, 'cleanup failed');
      }
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
