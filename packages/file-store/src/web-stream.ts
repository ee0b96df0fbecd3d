import { Readable } from 'node:stream';

/**
 * A stored file's bytes as the body of an answer, `c.body(webStream(file.body), 200, headers)`:
 * read as the client takes them, never held whole. A client that goes away cancels the stream,
 * which destroys `body` (closing the file or the S3 response).
 */
export function webStream(body: Readable): ReadableStream<Uint8Array> {
  // Node's stream/web ReadableStream is the one Hono's body takes at run time; the two are only typed apart.
  return Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
}
