import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from './logger';

export type Listening = { server: ServerType; port: number; close(): Promise<void> };

/** Listens and resolves once the port is bound (port 0 picks a free one). */
export function listen(app: Pick<Hono, 'fetch'>, port: number, host = '0.0.0.0'): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) =>
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
