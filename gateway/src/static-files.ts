import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, varyOnAcceptEncoding, type ContentEncoding } from '@trackboard/server-kit';

/** What the build writes beside each file (compression-webpack-plugin, web-kit's webpack config). */
const suffixes: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

export const cacheForever = 'public, max-age=31536000, immutable';
export const revalidateEveryTime = 'no-cache';

/**
 * Names that carry the content hash webpack puts in every chunk (`470.399f9420.js`, and its
 * `.LICENSE.txt`): a new build never changes such a file, it makes another, so it is kept for
 * good. Everything else is asked about on every load (a 304 while it is unchanged): the page,
 * each remote's manifest and its container entry, whose name stays fixed because Module
 * Federation finds it through the manifest — so a redeployed remote shows on the next reload.
 */
const contentHashed = /\.[0-9a-f]{8}\.[a-z]+(?:\.LICENSE\.txt)?$/;

type Tag = { mtimeMs: number; size: number; hash: string };

/**
 * Serves one built folder: the precompressed `.br`/`.gz` the client accepts (`Vary:
 * Accept-Encoding`), a strong ETag from the content (a 304 when it still matches), and
 * `Cache-Control` by name (hashed: a year, immutable; unhashed: revalidate every time).
 */
export function createStaticFolder(root: string) {
  // Hashes of the files' content, until a file changes under us (a redeploy).
  const tags = new Map<string, Tag>();

  async function contentHash(path: string, mtimeMs: number, size: number): Promise<string> {
    const known = tags.get(path);
    if (known && known.mtimeMs === mtimeMs && known.size === size) return known.hash;
    const hash = createHash('sha256')
      .update(await readFile(path))
      .digest('base64url')
      .slice(0, 27);
    tags.set(path, { mtimeMs, size, hash });
    return hash;
  }

  /** Answers with the file at `relativePath` (already URL-decoded), or undefined when there is none. */
  async function serve(c: Context, relativePath: string): Promise<Response | undefined> {
    const path = resolveInside(root, relativePath);
    if (!path) return undefined;
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) return undefined;

    const type = getMimeType(path) ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
    const variants = compressible ? await freshVariants(path, file.mtimeMs) : [];
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), variants);
    const hash = await contentHash(path, file.mtimeMs, file.size);
    const etag = `"${hash}${encoding ? suffixes[encoding] : ''}"`;

    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': contentHashed.test(relativePath) ? cacheForever : revalidateEveryTime,
    };
    if (compressible) headers.Vary = varyOnAcceptEncoding(undefined);
    if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);

    const sent = encoding ? path + suffixes[encoding] : path;
    headers['Content-Type'] = type;
    if (encoding) headers['Content-Encoding'] = encoding;
    if (c.req.method === 'HEAD') {
      headers['Content-Length'] = String((await stat(sent)).size);
      return c.body(null, 200, headers);
    }
    const body = await readFile(sent);
    headers['Content-Length'] = String(body.byteLength);
    return c.body(new Uint8Array(body), 200, headers);
  }

  return { serve };
}

/** The precompressed copies beside a file, unless one is older than the file (a half-finished build). */
async function freshVariants(path: string, mtimeMs: number): Promise<ContentEncoding[]> {
  const found = await Promise.all(
    (Object.keys(suffixes) as ContentEncoding[]).map(async (encoding) => {
      const variant = await stat(path + suffixes[encoding]).catch(() => undefined);
      return variant?.isFile() && variant.mtimeMs >= mtimeMs ? encoding : undefined;
    }),
  );
  return found.filter((encoding) => encoding !== undefined);
}

/** A path inside `root`, or undefined for anything that could leave it or name a hidden file. */
function resolveInside(root: string, relativePath: string): string | undefined {
  const segments = relativePath.split('/').filter((segment) => segment !== '');
  const safe = segments.every((segment) => !segment.startsWith('.') && !/[\\\0:]/.test(segment));
  if (!safe || segments.length === 0) return undefined;
  const path = join(root, ...segments);
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : undefined;
}

/** If-None-Match, compared weakly as RFC 9110 §13.1.2 says for GET and HEAD. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === etag);
}
