import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { watchDependency } from './metrics';

/** How a dependency the replica can serve without stands: reported by `/ready`, never failing it. */
export type DependencyStates = Record<string, 'up' | 'degraded'>;

/**
 * Whether this process takes work: readiness (`/ready`) and the start of a graceful shutdown.
 * One per process (`processLifecycle`); tests make their own.
 */
export type Lifecycle = {
  /** From the shutdown signal on: `/ready` answers 503 and answers carry `Connection: close`. */
  readonly draining: boolean;
  startDraining(): void;
  /** A dependency readiness needs (the gateway: a replica of every service): throws when it is unreachable. */
  addReadinessCheck(check: () => Promise<unknown>): void;
  /**
   * A dependency the replica serves without, degraded (Redis: events wait in the outbox, what
   * needs Redis answers 503 on its own routes): its state is reported by `/ready` and by the
   * `trackboard_dependency_up` metric, and never makes the replica unready.
   */
  addDependency(name: string, check: () => Promise<unknown>): void;
  /**
   * Throws while draining or while a readiness check fails; otherwise resolves with the state of
   * each dependency. `prober` names a caller that tracks this replica (the gateway, a service
   * client: the `x-replica-probe` header).
   */
  checkReady(prober?: string): Promise<DependencyStates>;
  /**
   * Resolves once every caller that tracks this replica has been told "draining" by a probe (so
   * none sends it a new request), at once when none has probed lately, or after `maxMs`.
   */
  probeSeen(maxMs: number): Promise<void>;
};

/** A caller that probed within this long before the shutdown still tracks this replica. */
const PROBER_MEMORY_MS = 10_000;
/**
 * A dependency that has not answered within this long counts as degraded: a hung Redis must not
 * make `/ready` slower than the probes' own timeout (1.5 s), or the replica would look down.
 */
const DEPENDENCY_WAIT_MS = 500;

/** Whether `check` succeeds within DEPENDENCY_WAIT_MS. */
function answersSoon(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, DEPENDENCY_WAIT_MS, false)));
  const answered = Promise.resolve()
    .then(check)
    .then(
      () => true,
      () => false,
    );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export class Draining extends Error {
  constructor() {
    super('shutting down');
  }
}

export function createLifecycle(): Lifecycle {
  const checks: (() => Promise<unknown>)[] = [];
  const dependencies = new Map<string, () => Promise<boolean>>();
  let drainingSince: number | null = null;
  const lastProbe = new Map<string, number>();
  const told = new Set<string>();
  let onTold: (() => void) | null = null;
  const waitingFor = () => {
    const since = (drainingSince ?? Date.now()) - PROBER_MEMORY_MS;
    return [...lastProbe].filter(([prober, at]) => at >= since && !told.has(prober)).length;
  };
  return {
    get draining() {
      return drainingSince !== null;
    },
    startDraining() {
      drainingSince ??= Date.now();
    },
    addReadinessCheck(check) {
      checks.push(check);
    },
    addDependency(name, check) {
      const isUp = () => answersSoon(check);
      dependencies.set(name, isUp);
      watchDependency(name, isUp);
    },
    async checkReady(prober) {
      if (drainingSince !== null) {
        if (prober) {
          told.add(prober);
          onTold?.();
        }
        throw new Draining();
      }
      if (prober) lastProbe.set(prober, Date.now());
      const [states] = await Promise.all([
        Promise.all([...dependencies].map(async ([name, isUp]) => [name, (await isUp()) ? 'up' : 'degraded'] as const)),
        ...checks.map((check) => check()),
      ]);
      return Object.fromEntries(states);
    },
    probeSeen(maxMs) {
      if (waitingFor() === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        onTold = () => {
          if (waitingFor() > 0) return;
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}

export const processLifecycle = createLifecycle();

/** An HTTP server whose requests are counted, so that a shutdown can wait for them. */
export type TrackedServer = {
  /** Called by the server's request listener first thing (no second listener: Node copies the list per event). */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops accepting connections (Node also closes the idle keep-alive ones) and resolves once
   * every request in flight has been answered, or after `graceMs`.
   */
  drain(graceMs?: number): Promise<void>;
  /** Closes every connection left and resolves once the server has closed (at most `waitMs`). */
  close(waitMs?: number): Promise<void>;
};

/**
 * Counts the requests of `server` (also into `gauge`, which the in-flight metric reads) and, once the
 * lifecycle drains, asks each new request's client to close its connection after the answer,
 * so that a keep-alive client (the gateway's agent) opens its next one elsewhere. `onAnswered`
 * runs as each answer ends (with the response as `this`): one listener per response in all.
 */
export function trackRequests(
  server: Server,
  {
    lifecycle = processLifecycle,
    gauge = { value: 0 },
    onAnswered,
  }: { lifecycle?: Lifecycle; gauge?: { value: number }; onAnswered?: (this: ServerResponse) => void } = {},
): TrackedServer {
  const counter = { value: 0 };
  let idle: (() => void) | null = null;
  let closed = false;
  server.once('close', () => (closed = true));
  // One listener function for every request: nothing is allocated per request.
  function answered(this: ServerResponse) {
    counter.value--;
    gauge.value--;
    if (counter.value <= 0) idle?.();
    onAnswered?.call(this);
  }
  const stopAccepting = () => {
    if (server.listening) server.close();
  };
  return {
    onRequest(_req, res) {
      counter.value++;
      gauge.value++;
      if (lifecycle.draining) res.setHeader('connection', 'close');
      res.on('close', answered);
    },
    inFlight: () => counter.value,
    async drain(graceMs = 10_000) {
      stopAccepting();
      if (counter.value <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        timer.unref();
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    async close(waitMs = 2_000) {
      stopAccepting();
      server.closeAllConnections();
      if (closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        server.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
