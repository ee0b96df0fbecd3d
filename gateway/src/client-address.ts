import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Which hops in front of the gateway may speak for the client (TRUST_PROXY). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** No proxy is believed: the client is whoever opened the connection. */
export const trustNoProxy: ProxyTrust = () => false;

/**
 * TRUST_PROXY: empty for none, a hop count (`1`: one proxy in front of the gateway), or a
 * comma-separated list of addresses and CIDR ranges (proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal` too). Throws with the reason for a value it cannot read.
 */
export function parseTrustProxy(value: string): ProxyTrust {
  const text = value.trim();
  if (text === '') return trustNoProxy;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  try {
    return proxyAddr.compile(text.split(',').map((part) => part.trim()));
  } catch (error) {
    throw new Error(`must be a hop count or a list of addresses and CIDR ranges (${(error as Error).message})`);
  }
}

/**
 * The client's address as the gateway (the edge) sees it: the connection's address, or an
 * X-Forwarded-For hop further out while each hop nearer is a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(req, trust) ?? '';
}

/**
 * Hands the services exactly one address in X-Forwarded-For, whatever the client sent, the
 * request's id in X-Request-Id (the client's when well formed, else the gateway's), and drops a
 * client's X-Forwarded-Host (the board's socket Origin check reads it) unless the connection
 * comes from a trusted proxy. Both forms are rewritten: http-proxy-3 forwards `headers`, while
 * the in-process listener (@hono/node-server) builds its Request from `rawHeaders`.
 */
export function setForwardedHeaders(req: IncomingMessage, trust: ProxyTrust, requestId: string): void {
  const address = clientAddress(req, trust);
  const keepHost = trust(req.socket.remoteAddress ?? '', 0);
  const dropped = keepHost ? droppedKeepingHost : droppedAll;
  for (const name of dropped) delete req.headers[name];
  req.headers['x-forwarded-for'] = address;
  req.headers['x-request-id'] = requestId;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!dropped.has(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push('X-Forwarded-For', address, 'X-Request-Id', requestId);
  req.rawHeaders = raw;
}
const droppedKeepingHost = new Set(['x-forwarded-for', 'x-request-id']);
const droppedAll = new Set(['x-forwarded-for', 'x-request-id', 'x-forwarded-host']);
