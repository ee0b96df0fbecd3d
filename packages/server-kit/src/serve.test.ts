import { connect } from 'node:net';
import { Hono } from 'hono';
import { listen, type Listening } from './serve';

// A client that declares a body and stops sending it (or never finishes its headers) must not
// hold the connection open: it is answered 408 and closed. Small timeouts are injected here;
// the real ones are requestTimeouts (10 s for headers, 30 s for the whole request).
const timeouts = { headersMs: 300, requestMs: 600 };

/** Writes `data` on a raw connection and collects everything until the server closes it. */
function rawExchange(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('HTTP servers we create', () => {
  let server: Listening;
  beforeAll(async () => {
    const app = new Hono().post('/echo', async (c) => c.text(await c.req.text()));
    server = await listen(app, 0, '127.0.0.1', timeouts);
  });
  afterAll(() => server.close());

  it('answer a request whose body stalls with 408 and close it', async () => {
    const reply = await rawExchange(
      server.port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n123456789',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('answer headers that never end with 408 and close it', async () => {
    const reply = await rawExchange(server.port, 'GET /echo HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('still answer a whole request', async () => {
    const reply = await rawExchange(
      server.port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 9\r\n\r\n123456789',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n123456789$/);
  });

  it('start every response with nosniff, whoever writes it', async () => {
    const found = await rawExchange(server.port, 'GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(found).toMatch(/^HTTP\/1\.1 404 /);
    expect(found).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  });
});
