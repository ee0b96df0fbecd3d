import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** What a browser sends: the bench asks for the encodings a browser accepts and counts what crosses the wire. */
export const browserEncodings = { 'accept-encoding': 'br, gzip' };

export type WireAnswer = {
  status: number;
  /** Body bytes as sent (still encoded), without the headers. */
  bodyBytes: number;
  encoding: string;
  body: Buffer;
  ms: number;
};

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request over a keep-alive connection, timed until the last body byte; the body is not
 * decoded (fetch would decode it and hide the size on the wire).
 */
export function wireRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  retried = false,
): Promise<WireAnswer> {
  const { method = 'GET', headers = {}, body } = options;
  const target = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        agent,
        method,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: { ...headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bodyBytes: buffer.length,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body: buffer,
            ms: performance.now() - t0,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle just as this request went out on it
      // (the seeding between phases leaves them idle for seconds): the server never read the
      // request, so it is sent once more on a new connection, as Node's documentation advises.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(wireRequest(url, options, true));
      else reject(error);
    });
    req.end(payload);
  });
}

/** The body as JSON, whatever encoding the server chose. */
export function decodeJson<T>(answer: WireAnswer): T {
  const decoders: Record<string, (b: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    deflate: inflateSync,
    identity: (b) => b,
  };
  const decode = decoders[answer.encoding];
  if (!decode) throw new Error(`unexpected content-encoding ${answer.encoding}`);
  return JSON.parse(decode(answer.body).toString('utf8')) as T;
}

export const closeWireAgent = () => agent.destroy();
