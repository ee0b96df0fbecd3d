import { createHmac } from 'node:crypto';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget, type TargetPolicy, type ResolvedAddress } from './webhook-target';

/** How long a receiver has to answer: how long a silent one holds a slot (webhook-slots.ts). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `X-Trackboard-Signature`: `sha256=` and the HMAC-SHA256 of the raw body under the webhook's secret, in hex. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export type Attempt = {
  /** The receiver's status code; null when no answer came (refused target, timeout, connection error). */
  responseCode: number | null;
  durationMs: number;
  /** Why it failed, for the delivery log; null on a 2xx. */
  error: string | null;
};

/** A lookup that answers the already-checked address whatever is asked: the connection is pinned to it. */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) net asks for every address.
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

/** POSTs the body once to the pinned address; the Host header and TLS name stay the URL's host. */
function post(url: URL, pinned: ResolvedAddress, body: string, headers: Record<string, string>): Promise<number> {
  const options: RequestOptions = {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    lookup: pinnedLookup(pinned),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    // A fresh connection each time: a pooled one might have been opened to another address.
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (res) => {
      // The answer's body is not kept: only its status counts. Reading it lets the socket close.
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One attempt at a delivery: the target checked again (an address allowed at creation may
 * resolve elsewhere now), then the signed POST. Redirects are not followed (a 3xx is a failure),
 * or a public receiver could send the request on to a private address.
 */
export async function attemptDelivery(
  target: { url: string; secret: string },
  delivery: { id: string; event: string; body: string },
  policy: TargetPolicy,
): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const checked = await checkTarget(target.url, policy);
  if (!checked.ok)
    return {
      responseCode: null,
      durationMs: elapsed(),
      error:
        checked.reason === 'refused' ? 'The target address is not public.' : 'The host name could not be resolved.',
    };
  try {
    const status = await post(checked.url, checked.pinned, delivery.body, {
      'user-agent': 'Trackboard-Webhook',
      'x-trackboard-event': delivery.event,
      'x-trackboard-delivery': delivery.id,
      'x-trackboard-signature': signatureOf(target.secret, delivery.body),
    });
    const ok = status >= 200 && status < 300;
    return { responseCode: status, durationMs: elapsed(), error: ok ? null : `The receiver answered ${status}.` };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    return {
      responseCode: null,
      durationMs: elapsed(),
      error: timedOut ? 'No answer within 10 seconds.' : `Could not connect: ${(err as Error).message}`,
    };
  }
}
