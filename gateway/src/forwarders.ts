import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { createProxyServer } from 'http-proxy-3';
import { messages } from '@trackboard/contracts';
import {
  createReplicaPool,
  isRefused,
  isRetryableMethod,
  isUnreachable,
  upstreamRetries,
  type Logger,
  type Replica,
  type ReplicaPool,
  type ReplicaPoolOptions,
} from '@trackboard/server-kit';
import type { ServiceName } from './route-table';

/** Hands a routed request to its service: over HTTP (split) or in-process (embedded). */
export type Forwarder = {
  web(req: IncomingMessage, res: ServerResponse, service: ServiceName): void;
  /** Socket.IO upgrades; absent when Socket.IO is attached to the gateway's own server. */
  ws?(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Whether every service has a replica up (the gateway's own readiness). */
  ready(): boolean;
  close(): void;
};

export type Upstreams = Record<ServiceName, string[]>;

/** The gateway's answer when a service cannot be reached: the catalogue's message, and the id to quote. */
export function unavailable(res: ServerResponse, requestId: string | undefined): void {
  res
    .writeHead(503, { 'content-type': 'application/json' })
    .end(JSON.stringify({ message: messages.serviceUnavailable, requestId }));
}

// What a request carries for a second attempt, set only on the paths that need it.
const kService = Symbol('service');
const kRetried = Symbol('retried');
const kBody = Symbol('body');
const kClient = Symbol('client');
type Routed = IncomingMessage & { [kService]?: ServiceName; [kRetried]?: boolean; [kBody]?: Buffer[] | null };
// A body kept for a second attempt; a larger one (bodies over 1 MB are refused anyway) is not retried.
const MAX_REPLAY_BYTES = 64 * 1024;

/** Shared by every answer (no closure per request): ends the client's answer when the replica's was cut. */
function cutIfIncomplete(this: IncomingMessage & { [kClient]?: ServerResponse }) {
  if (!this.complete) this[kClient]?.destroy();
}

const hasBody = (req: IncomingMessage) => {
  const declared = req.headers['content-length'];
  return (declared !== undefined && declared !== '0') || req.headers['transfer-encoding'] !== undefined;
};

/** Keeps a copy of a body as it streams through (no waiting for it), for a retry. */
function keepBody(req: Routed) {
  const chunks: Buffer[] = [];
  let size = 0;
  req[kBody] = chunks;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REPLAY_BYTES) req[kBody] = null;
    else chunks.push(chunk);
  });
}

/**
 * What a second attempt sends: nothing for a request without a body, its whole body once it has
 * arrived (a refused connection is met before the client has sent it all), or false when the
 * body was too large to keep.
 */
async function replayable(req: Routed): Promise<Readable | undefined | false> {
  if (req[kBody] === undefined) return hasBody(req) ? false : undefined;
  if (!req.complete && req[kBody] !== null)
    await new Promise((arrived) => {
      req.once('end', arrived).once('close', arrived);
      req.resume(); // the proxy's pipe to the failed replica is gone: keepBody alone reads it now
    });
  return req[kBody] !== null && req.complete ? Readable.from(Buffer.concat(req[kBody]!)) : false;
}

/**
 * Split mode. http-proxy-3 with a keep-alive agent: fetch-based proxying measured
 * 0.06–0.10× of direct throughput here, this 0.21×; without keep-alive,
 * p50 reached 2.5 s under load. Each service's replicas are tracked (server-kit replicas.ts):
 * requests go to those up, in turn; a GET, HEAD or PUT whose replica cannot be reached, or
 * drops the connection before answering, is sent once more to another replica (the same one when
 * no other is up), and so is a request of any method whose connection was refused (it never left).
 */
export function createProxyForwarder(
  upstreams: Upstreams,
  log: Logger,
  poolOptions: Omit<ReplicaPoolOptions, 'log'> = {},
): Forwarder {
  // The timeout makes Node's agent close an idle connection a second before the service's
  // keep-alive timeout runs out (the hint each answer carries): without one, Node 20 ignores the
  // hint, and a connection the service closes as the agent reuses it fails the request (ECONNRESET).
  // On a connection in use it only emits 'timeout', which nothing here acts on.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  const proxy = createProxyServer({ agent });
  const pools = Object.fromEntries(
    Object.entries(upstreams).map(([service, urls]) => [
      service,
      createReplicaPool(service, urls, { log, ...poolOptions }),
    ]),
  ) as Record<ServiceName, ReplicaPool>;
  // http-proxy-3 reports a failure with the target it was given: the replica's own URL object.
  const replicaOf = new WeakMap<URL, Replica>();
  const targetOf = (replica: Replica) => {
    replicaOf.set(replica.url, replica);
    return replica.url;
  };

  const send = (req: Routed, res: ServerResponse, replica: Replica, buffer?: Readable) =>
    void proxy.web(req, res, buffer ? { target: targetOf(replica), buffer } : { target: targetOf(replica) });

  /**
   * Sends `req` once more: to another replica than `failed`, or to `failed` itself when it is
   * the only one up (its connection dropped, the replica did not: a new one may well answer);
   * false when it cannot be.
   */
  async function retry(req: Routed, res: ServerResponse, failed: Replica | undefined): Promise<boolean> {
    const pool = pools[req[kService]!];
    const body = await replayable(req);
    const other = body !== false && pool ? (pool.next(failed) ?? (failed?.up ? failed : null)) : null;
    if (!other || !pool || body === false) return false;
    if (res.destroyed) return true; // the client left while its body was awaited
    req[kRetried] = true;
    upstreamRetries.inc({ service: pool.service });
    send(req, res, other, body);
    return true;
  }

  proxy.on('error', (err, req: Routed, res, target) => {
    const replica = replicaOf.get(target as URL);
    if (replica && isUnreachable(err)) pools[req[kService]!]?.markDown(replica, err.message);
    if (!(res && 'writeHead' in res)) return void (res as Duplex | undefined)?.destroy?.();
    if (res.headersSent || res.destroyed) return void res.destroy();
    const again = !req[kRetried] && (isRetryableMethod(req.method) || isRefused(err));
    void (again ? retry(req, res, replica) : Promise.resolve(false)).then((retried) => {
      if (retried) return;
      log.warn(
        { reqId: req.headers['x-request-id'], service: req[kService], replica: replica?.name, err: err.message },
        'upstream unreachable',
      );
      unavailable(res, req.headers['x-request-id'] as string | undefined);
    });
  });
  // A replica that dies while sending its answer: the client's answer ends too, instead of hanging.
  proxy.on('proxyRes', (proxyRes: IncomingMessage & { [kClient]?: ServerResponse }, _req, res) => {
    proxyRes[kClient] = res;
    proxyRes.on('close', cutIfIncomplete);
  });

  return {
    web(req: Routed, res, service) {
      const forward = (replica: Replica | null) => {
        if (!replica) {
          log.warn({ reqId: req.headers['x-request-id'], service }, 'no replica up');
          return unavailable(res, req.headers['x-request-id'] as string | undefined);
        }
        req[kService] = service;
        if (hasBody(req)) keepBody(req);
        send(req, res, replica);
      };
      // A replica up: at once, no promise on every request. None: all are probed first (take), the
      // body waiting, paused, until keepBody's listener and the proxy's pipe start it together.
      const replica = pools[service].next();
      if (replica) forward(replica);
      else void pools[service].take().then(forward);
    },
    ws(req: Routed, socket, head) {
      const replica = pools.board.next();
      if (!replica) return void socket.destroy();
      req[kService] = 'board';
      proxy.ws(req, socket, head, { target: targetOf(replica) });
    },
    ready: () => Object.values(pools).every((pool) => pool.replicas().length === 0 || pool.anyUp()),
    close: () => {
      for (const pool of Object.values(pools)) pool.close();
      proxy.close();
      agent.destroy();
    },
  };
}

/** Embedded mode: the service apps answer in the same process, no network hop. */
export function createInProcessForwarder(
  apps: Record<ServiceName, { fetch: (request: Request) => Response | Promise<Response> }>,
): Forwarder {
  const listeners = Object.fromEntries(
    Object.entries(apps).map(([name, app]) => [name, getRequestListener(app.fetch)]),
  ) as Record<ServiceName, ReturnType<typeof getRequestListener>>;
  return {
    web: (req, res, service) => void listeners[service](req, res),
    ready: () => true,
    close: () => undefined,
  };
}
