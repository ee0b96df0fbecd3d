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

/** The default levels' encoder, made once: prepared answers are sent with it on every board fetch. */
const defaultEncoder = encoder({});

/**
 * A JSON answer that may be sent many times over (a board fetch): serialized once,
 * and each encoding made once, when a client first asks for it.
 */
export type PreparedJson = {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly encoded: Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>;
};

export const prepareJson = (value: unknown): PreparedJson => ({
  bytes: new TextEncoder().encode(JSON.stringify(value)),
  encoded: new Map(),
});

/**
 * Sends a prepared JSON answer as `compressResponses` would send it (same negotiation, levels
 * and headers), from the encodings it keeps; the middleware leaves an encoded answer alone.
 */
export async function sendPreparedJson(c: Context, prepared: PreparedJson) {
  const { thresholdBytes, encode } = defaultEncoder;
  const encoding =
    prepared.bytes.byteLength < thresholdBytes ? undefined : chooseEncoding(c.req.header('Accept-Encoding'));
  const headers = new Headers({ 'Content-Type': 'application/json', Vary: 'Accept-Encoding' });
  let body = prepared.bytes;
  if (encoding) {
    let encoded = prepared.encoded.get(encoding);
    if (!encoded) {
      encoded = encode(encoding, prepared.bytes);
      prepared.encoded.set(encoding, encoded);
      encoded.catch(() => prepared.encoded.delete(encoding));
    }
    body = await encoded;
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
