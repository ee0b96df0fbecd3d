import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on loopback, as a project's integration would run one: it keeps every
 * request (raw body, headers) and answers with the status the test sets — or, set to 'never',
 * holds every request open, as a receiver that hangs does, until it is closed.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let status: number | 'never' = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (status === 'never') return;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/trackboard`,
    received,
    /** The status every following request is answered with. */
    answer(code: number | 'never') {
      status = code;
    },
    /** Stops listening; requests still held open are cut off. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
