import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { Hono } from 'hono';
import { messages } from '@trackboard/contracts';
import { createLogger, listenOn } from '@trackboard/server-kit';
import { createProxyForwarder, type Forwarder } from './forwarders';
import { createGatewayServer } from './server';

// Split mode's forwarder streams: a body goes on in the pieces it arrives in, whichever way it
// travels, so the gateway neither holds a whole answer in memory nor adds the time to wait for
// it. Each test lets the sender go on only once the receiver has the first piece, through the
// gateway: a forwarder that gathered the body first would never pass it on, and the test would
// not finish.
const log = createLogger('test', 'silent');
const servers: Server[] = [];
let upstream: (req: IncomingMessage, res: import('node:http').ServerResponse) => void = () => undefined;
let gateway: string;
let forwarder: Forwarder;

const listening = async (server: Server) => {
  servers.push(server);
  return `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
};

beforeAll(async () => {
  const service = await listening(createServer((req, res) => upstream(req, res)));
  // No readiness probes here: the test upstream answers every request its own way.
  forwarder = createProxyForwarder({ board: [service], auth: [], project: [], admin: [], notification: [] }, log, {
    probeEveryMs: 0,
  });
  gateway = await listening(createGatewayServer({ forwarder, web: new Hono(), corsOrigins: [] }));
});
afterAll(async () => {
  forwarder.close();
  await Promise.all(servers.map((s) => new Promise((done) => (s.closeAllConnections(), s.close(done)))));
});

/** A promise and the function that settles it. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fired, fire };
}

it('passes an answer on piece by piece while the service is still sending it', async () => {
  const clientHasFirstPiece = signal();
  upstream = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'br' });
    res.write(Buffer.from('first piece'));
    void clientHasFirstPiece.fired.then(() => res.end(Buffer.from(' and the rest')));
  };
  const received = await new Promise<{ headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    request(`${gateway}/api/boards/1`, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        clientHasFirstPiece.fire();
      });
      res.on('end', () => resolve({ headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
  expect(received.body).toBe('first piece and the rest');
  // Not decoded or re-encoded on the way: the service's encoding reaches the client as it was.
  expect(received.headers['content-encoding']).toBe('br');
});

it('passes a request body on piece by piece while the client is still sending it', async () => {
  const serviceHasFirstPiece = signal();
  upstream = (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
      serviceHasFirstPiece.fire();
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(body));
  };
  const answer = await new Promise<string>((resolve, reject) => {
    const req = request(`${gateway}/api/issues/1/comments`, { method: 'POST' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
    req.write('first piece');
    void serviceHasFirstPiece.fired.then(() => req.end(' and the rest'));
  });
  expect(answer).toBe('first piece and the rest');
});

it('sends each service a connection it keeps for the next request (keep-alive)', async () => {
  const peers = new Set<string>();
  upstream = (req, res) => {
    peers.add(`${req.socket.remotePort}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  };
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${gateway}/api/boards/1`);
    expect(await res.text()).toBe('ok');
  }
  expect(peers.size).toBe(1);
});

it('answers 503 with the catalogue’s message when the service cannot be reached', async () => {
  const gone = createServer();
  const url = `http://127.0.0.1:${await listenOn(gone, 0, '127.0.0.1')}`;
  await new Promise((done) => gone.close(done));
  const deadForwarder = createProxyForwarder(
    { board: [url], auth: [], project: [], admin: [], notification: [] },
    log,
    {
      probeEveryMs: 0,
    },
  );
  const deadGateway = await listening(
    createGatewayServer({ forwarder: deadForwarder, web: new Hono(), corsOrigins: [] }),
  );
  const res = await fetch(`${deadGateway}/api/boards/1`, { headers: { 'x-request-id': 'quote-me-1' } });
  expect(res.status).toBe(503);
  expect(res.headers.get('x-request-id')).toBe('quote-me-1');
  expect(await res.json()).toEqual({ message: messages.serviceUnavailable, requestId: 'quote-me-1' });
  deadForwarder.close();
});
