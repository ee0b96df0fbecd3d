import { messages } from '@trackboard/contracts';
import { HttpError } from './errors';
import type { Logger } from './logger';
import { upstreamRetries } from './metrics';
import {
  createReplicaPool,
  isRefused,
  isRetryableMethod,
  isUnreachable,
  type ReplicaPool,
  type ReplicaPoolOptions,
} from './replicas';
import { currentRequestId } from './request-context';

/**
 * Calls another service's API (rare): by base URL in split mode, or through the other app's own
 * `fetch` in embedded mode — the same Hono app answers both. Several base URLs are replicas,
 * tracked like the gateway tracks them (replicas.ts): only those up are called, in turn, and a
 * GET, HEAD or PUT that cannot reach one is sent once more to another, as is a call of any method
 * whose connection was refused (it never left).
 */
export type ServiceTarget =
  | { urls: string[]; service: string; log: Logger; pool?: Omit<ReplicaPoolOptions, 'log'> }
  | ((request: Request) => Response | Promise<Response>);

export type ServiceClient = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown },
) => Promise<Response>;

/** A client; `close` stops probing its replicas. */
export function createServiceClient(target: ServiceTarget): ServiceClient & { close(): void } {
  const pool: ReplicaPool | null =
    typeof target === 'function'
      ? null
      : createReplicaPool(target.service, target.urls, { log: target.log, ...target.pool });
  const unavailable = () => new HttpError(503, messages.serviceUnavailable);

  async function call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    };
    // The request this call is made for keeps its id in the other service's logs.
    const requestId = currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    if (typeof target === 'function') {
      try {
        return await target(new Request(`http://in-process${path}`, init));
      } catch {
        throw unavailable();
      }
    }
    let replica = await pool!.take();
    for (let attempt = 0; replica; attempt++) {
      try {
        return await fetch(`${replica.name}${path}`, init);
      } catch (err) {
        if (isUnreachable(err)) pool!.markDown(replica, (err as Error).message);
        if (attempt > 0 || !(isRetryableMethod(method) || isRefused(err))) break;
        replica = pool!.next(replica);
        if (replica) upstreamRetries.inc({ service: pool!.service });
      }
    }
    throw unavailable();
  }
  return Object.assign(call, { close: () => pool?.close() });
}
