import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { Logger } from './logger';
import { replicaUp } from './metrics';

/** One replica of a service: where it listens, and whether requests go there. */
export type Replica = { readonly url: URL; readonly name: string; up: boolean };

/**
 * The replicas of one service, as a caller (the gateway, a service client) sees them. Requests
 * go to replicas that are up, in turn. A connection that fails marks its replica down at once
 * (passive); a `GET /ready` every 2 s marks each replica up or down (active), so a replica that
 * comes back is used again within one interval, and one that is shutting down (its /ready
 * answers 503) is left alone before it stops accepting. A probe that gets no answer in time
 * marks it down only the second time in a row: one slow moment (a long GC, a busy event loop)
 * is not a dead replica, and would otherwise send all its requests to the others.
 */
export type ReplicaPool = {
  readonly service: string;
  /** The next replica that is up, skipping `except` (a retry goes elsewhere); null when none is. */
  next(except?: Replica): Replica | null;
  /**
   * The next replica that is up; when none is, every replica is probed now first (one marked down
   * by a probe made while it was still starting need not wait for the next round).
   */
  take(): Promise<Replica | null>;
  markDown(replica: Replica, reason: string): void;
  anyUp(): boolean;
  replicas(): readonly Replica[];
  /** Probes every replica now (tests; the timer does it every `probeEveryMs`). */
  probe(): Promise<void>;
  close(): void;
};

export type ReplicaPoolOptions = {
  log: Logger;
  /** 0 turns the active probe off (tests of the passive part). */
  probeEveryMs?: number;
  probeTimeoutMs?: number;
  /** Addresses of a host name: each becomes a replica (docker compose's `deploy.replicas`). */
  resolve?: (hostname: string) => Promise<string[]>;
};

/** Probes in a row without an answer in time that mark a replica down. */
const UNANSWERED_PROBES_DOWN = 2;

/**
 * Names this process on its readiness probes: a replica that is shutting down waits until each
 * caller tracking it has been told (lifecycle.ts `probeSeen`), then stops accepting.
 */
export const replicaProbeHeader = 'x-replica-probe';
const prober = `${hostname()}:${process.pid}`;

/** IPv4 addresses a name has: Docker's DNS answers a service name with one per running replica. */
const resolveIpv4 = async (hostname: string) =>
  (await lookup(hostname, { all: true, family: 4 })).map((a) => a.address).sort();

/**
 * A configured URL whose host is a name (not an address, not localhost) stands for every
 * address the name resolves to, looked up again at each probe: replicas scaled up or down by the
 * orchestrator are found without a configuration change.
 */
const expands = (url: URL) => isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 && url.hostname !== 'localhost';

export function createReplicaPool(
  service: string,
  urls: string[],
  { log, probeEveryMs = 2_000, probeTimeoutMs = 1_500, resolve = resolveIpv4 }: ReplicaPoolOptions,
): ReplicaPool {
  const configured = urls.map((url) => new URL(url));
  const make = (url: URL): Replica => {
    const replica = { url, name: url.origin, up: true };
    replicaUp.set({ service, replica: replica.name }, 1);
    return replica;
  };
  // Until names are resolved, each configured URL is one replica (the name resolved per connection).
  let list: Replica[] = configured.map(make);
  let turn = -1;
  let closed = false;

  const setUp = (replica: Replica, up: boolean, reason: string) => {
    if (replica.up === up) return;
    replica.up = up;
    replicaUp.set({ service, replica: replica.name }, up ? 1 : 0);
    if (up) log.info({ service, replica: replica.name }, 'replica up again');
    else log.warn({ service, replica: replica.name, reason }, 'replica down: requests go to the others');
  };

  async function discover() {
    if (!configured.some(expands)) return;
    const found: URL[] = [];
    for (const url of configured) {
      if (!expands(url)) {
        found.push(url);
        continue;
      }
      const addresses = await resolve(url.hostname).catch(() => [] as string[]);
      if (!addresses.length) return; // the name does not resolve now: keep what we have
      for (const address of addresses) {
        const replica = new URL(url);
        replica.hostname = address;
        found.push(replica);
      }
    }
    const known = new Map(list.map((r) => [r.name, r]));
    const next = found.map((url) => known.get(url.origin) ?? make(url));
    for (const gone of list) if (!next.includes(gone)) replicaUp.remove({ service, replica: gone.name });
    if (next.length !== list.length || next.some((r, i) => r !== list[i]))
      log.info({ service, replicas: next.map((r) => r.name) }, 'replicas found');
    list = next;
  }

  // Probes in a row that got no answer in time, by replica; an answer of any kind ends the run.
  const unanswered = new WeakMap<Replica, number>();
  async function probeOne(replica: Replica) {
    try {
      const res = await fetch(new URL('/ready', replica.url), {
        headers: { [replicaProbeHeader]: prober },
        signal: AbortSignal.timeout(probeTimeoutMs),
      });
      await res.body?.cancel();
      unanswered.delete(replica);
      setUp(replica, res.ok, `GET /ready answered ${res.status}`);
    } catch (err) {
      const reason = `GET /ready failed: ${(err as Error).message}`;
      // Refused, reset, closed: nothing there to answer. Only a probe out of time may be a slow moment.
      if ((err as Error).name !== 'TimeoutError') return setUp(replica, false, reason);
      const count = (unanswered.get(replica) ?? 0) + 1;
      unanswered.set(replica, count);
      if (count >= UNANSWERED_PROBES_DOWN) setUp(replica, false, `${reason} (${count} probes in a row)`);
    }
  }

  let probing: Promise<void> | null = null;
  const probe = () =>
    (probing ??= (async () => {
      await discover();
      await Promise.all(list.map(probeOne));
    })().finally(() => (probing = null)));

  const timer = probeEveryMs > 0 ? setInterval(() => void probe(), probeEveryMs) : null;
  timer?.unref();
  if (timer) void probe();

  function next(except?: Replica) {
    const n = list.length;
    for (let i = 0; i < n; i++) {
      turn = (turn + 1) % n;
      const replica = list[turn]!;
      if (replica.up && replica !== except) return replica;
    }
    return null;
  }

  return {
    service,
    next,
    async take() {
      const replica = next();
      if (replica || closed) return replica;
      await probe();
      return next();
    },
    markDown: (replica, reason) => setUp(replica, false, reason),
    anyUp: () => list.some((r) => r.up),
    replicas: () => list,
    probe,
    close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      for (const replica of list) replicaUp.remove({ service, replica: replica.name });
    },
  };
}

const codeOf = (err: unknown): unknown =>
  (err as { code?: unknown; cause?: { code?: unknown } })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;

/** Errors that mean the replica could not be reached at all (nothing was sent): mark it down. */
const unreachable = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT']);
export const isUnreachable = (err: unknown): boolean => {
  const code = codeOf(err);
  return typeof code === 'string' && unreachable.has(code);
};

/**
 * The replica refused the connection: not one byte of the request left, so it may go to another
 * replica whatever its method, a POST too. (A timeout or a reset may come after the replica got it.)
 */
export const isRefused = (err: unknown): boolean => codeOf(err) === 'ECONNREFUSED';

/** Requests that may be sent twice (GET, HEAD, PUT): retried once on another replica. */
export const isRetryableMethod = (method: string | undefined) =>
  method === 'GET' || method === 'HEAD' || method === 'PUT';
