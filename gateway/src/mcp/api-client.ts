import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { messages } from '@trackboard/contracts';

/** The API answered 4xx: the tool tells the agent why, in the API's own words. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ApiClient = {
  get<T>(path: string, query?: Record<string, string | number | readonly string[] | undefined>): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<T>;
  remove(path: string): Promise<void>;
};

/**
 * The gateway's own address as this request reached it: the socket's local end, never the Host
 * header, which the client writes and would otherwise choose where the caller's token is sent.
 */
export function ownOrigin(incoming: IncomingMessage | undefined): string | undefined {
  const { localAddress, localPort } = incoming?.socket ?? {};
  if (!localAddress || !localPort) return undefined;
  return `http://${isIPv6(localAddress) ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/**
 * Our own HTTP API, called through the gateway with the caller's token, so every answer is the
 * one the caller would get: the services check permissions as for any other request
 * (docs/decisions/0060-mcp-acts-through-the-api.md).
 */
export function apiClient(origin: string, token: string, requestId: string | undefined): ApiClient {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(requestId && { 'x-request-id': requestId }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => undefined);
    if (res.ok) return answer as T;
    const message =
      typeof answer === 'object' && answer && 'message' in answer && typeof answer.message === 'string'
        ? answer.message
        : messages.internal;
    throw new ApiRefusal(res.status, message);
  }
  return {
    get: (path, query = {}) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
      return call('GET', params.size ? `${path}?${params}` : path);
    },
    send: (method, path, body) => call(method, path, body),
    remove: (path) => call('DELETE', path),
  };
}
