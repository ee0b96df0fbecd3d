import { messages } from '@trackboard/contracts';
import { HttpError } from './errors';

/**
 * Calls another service's API (rare): by base URL in split mode (replicas in turn), or
 * through the other app's own `fetch` in embedded mode — the same Hono app answers both.
 */
export type ServiceTarget = string[] | ((request: Request) => Response | Promise<Response>);

export function createServiceClient(target: ServiceTarget) {
  let turn = 0;
  return async function call(
    method: string,
    path: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ): Promise<Response> {
    const base = typeof target === 'function' ? 'http://in-process' : target[turn++ % target.length]!;
    const request = new Request(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    try {
      return typeof target === 'function' ? await target(request) : await fetch(request);
    } catch {
      throw new HttpError(503, messages.serviceUnavailable);
    }
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;
