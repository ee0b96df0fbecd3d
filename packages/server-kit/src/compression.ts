import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { chooseEncoding, varyOnAcceptEncoding, type ContentEncoding } from './content-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CompressionOptions = {
  /** Smaller answers go as they are: the encoding's framing would eat most of the gain. */
  thresholdBytes?: number;
  brotliQuality?: number;
  gzipLevel?: number;
};

/**
 * Fast levels, measured on a 3.9 MB board answer (5,000 issues): brotli 4 → 283 KB for 20 ms
 * of CPU (11 would take 4 s). gzip is what Chrome asks for over plain http (brotli only in a
 * secure context), so a self-hosted LAN install lives on it: level 5 → 368 KB for 22 ms, where
 * level 3 (413 KB, 16 ms) would overshoot the 400 KB a board fetch may cost on the wire.
 */
export const defaultCompression = { thresholdBytes: 1024, brotliQuality: 4, gzipLevel: 5 } as const;

/**
 * Compresses a service's own answers (JSON, text) with brotli or gzip, as the client's
 * Accept-Encoding allows. Hono's `compress` streams through CompressionStream, which has no
 * brotli on Node 20 and drops Content-Length; this one compresses the whole body in zlib's
 * thread pool and says how long it is, so the gateway passes it on byte for byte.
 */
export function compressResponses(options: CompressionOptions = {}): MiddlewareHandler {
  const { thresholdBytes, encode } = encoder(options);
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressible(c, res)) return;
    const vary = varyOnAcceptEncoding(res.headers.get('Vary'));
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return void c.header('Vary', vary);
    const body = new Uint8Array(await res.arrayBuffer());
    const compressed = body.byteLength < thresholdBytes ? undefined : await encode(encoding, body);
    const headers = new Headers(res.headers);
    headers.set('Vary', vary);
    if (compressed) {
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(compressed.byteLength));
    }
    // Cleared first, or Hono's setter would wrap the new body in a stream and lose its length.
    c.res = undefined;
    c.res = new Response(compressed ?? body, { status: res.status, statusText: res.statusText, headers });
  };
}

/** The levels in force, and the one way a body is compressed with them. */
function encoder(options: CompressionOptions) {
  const { thresholdBytes, brotliQuality, gzipLevel } = { ...defaultCompression, ...options };
  const encode = (encoding: ContentEncoding, body: Uint8Array) =>
    encoding === 'br'
      ? brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipAsync(body, { level: gzipLevel });
  return { thresholdBytes, encode };
}

/** The default levels' encoder, made once: a prepared answer fetched more than once is sent with it. */
const defaultEncoder = encoder({});
/**
 * An answer's first encoding: a board answer made again after a change may be fetched only once
 * (a busy board changes many times a second), so it goes at levels costing a quarter of the usual
 * CPU — measured on a 3.2 MB board answer: brotli 1 → 138 KB in 2.5 ms (4: 102 KB in 9.5 ms), gzip 1 →
 * 200 KB in 4.7 ms (5: 152 KB in 10.4 ms).
 */
const quickEncoder = encoder({ brotliQuality: 1, gzipLevel: 1 });

type Encoding = { body: Promise<Uint8Array<ArrayBuffer>>; quick: boolean; upgrading?: boolean };

/**
 * A JSON answer that may be sent many times over (a board fetch): its bytes made once, and each
 * encoding made once, when a client first asks for it — at the quick levels, then, once the same
 * answer is fetched again, at the usual ones in the background (sent from then on).
 */
export type PreparedJson = {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly encoded: Map<ContentEncoding, Encoding>;
};

export const prepareJson = (value: unknown): PreparedJson =>
  preparedBytes(new TextEncoder().encode(JSON.stringify(value)));

/** JSON already serialized (assembled from parts kept serialized). */
export const preparedBytes = (bytes: Uint8Array<ArrayBuffer>): PreparedJson => ({ bytes, encoded: new Map() });

function encodingOf(prepared: PreparedJson, encoding: ContentEncoding): Promise<Uint8Array<ArrayBuffer>> {
  const made = prepared.encoded.get(encoding);
  if (!made) {
    const body = quickEncoder.encode(encoding, prepared.bytes);
    prepared.encoded.set(encoding, { body, quick: true });
    body.catch(() => prepared.encoded.delete(encoding));
    return body;
  }
  if (made.quick && !made.upgrading) {
    made.upgrading = true;
    const better = defaultEncoder.encode(encoding, prepared.bytes);
    better.then(
      () => prepared.encoded.set(encoding, { body: better, quick: false }),
      () => (made.upgrading = false),
    );
  }
  return made.body;
}

/**
 * Sends a prepared JSON answer as `compressResponses` would send it (same negotiation and
 * headers), from the encodings it keeps; the middleware leaves an encoded answer alone.
 */
export async function sendPreparedJson(c: Context, prepared: PreparedJson) {
  const encoding =
    prepared.bytes.byteLength < defaultEncoder.thresholdBytes
      ? undefined
      : chooseEncoding(c.req.header('Accept-Encoding'));
  const headers = new Headers({ 'Content-Type': 'application/json', Vary: 'Accept-Encoding' });
  let body = prepared.bytes;
  if (encoding) {
    body = await encodingOf(prepared, encoding);
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

function isCompressible(c: Context, res: Response): boolean {
  if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304)
    return false;
  if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return false;
  // Hono's list of compressible types; it leaves out text/event-stream, which never ends.
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '');
}
