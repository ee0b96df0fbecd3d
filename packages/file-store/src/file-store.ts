import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { ConfigError, loadConfig } from '@trackboard/server-kit';
import { z } from 'zod';
import { createLocalFileStore } from './local-file-store';
import { createS3FileStore } from './s3-file-store';

export type DownloadOptions = {
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  expiresInSeconds: number;
};

export interface FileStore {
  /** Stores `size` bytes read from `body` under `key` (keys look like `p12/i345/a678` and `p12/i345/a678-thumb`). A failed or short stream leaves nothing stored. */
  put(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** A short-lived URL the browser fetches the file from directly (S3), or null when the app must serve the bytes itself (local). */
  downloadUrl(key: string, options: DownloadOptions): Promise<string | null>;
  /** Removes one file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (an issue's `p12/i345/`, a project's `p12/`); none is not an error. */
  removePrefix(prefix: string): Promise<void>;
  /** Whether the store answers (for readiness); the local one checks its folder is writable. */
  ping(): Promise<void>;
}

export type FileStoreConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      publicEndpoint?: string;
    };

export function createFileStore(config: FileStoreConfig): FileStore {
  return config.driver === 'local' ? createLocalFileStore(config.root) : createS3FileStore(config);
}

const storageEnv = z
  .object({
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

/** Reads the storage settings: S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION default 'us-east-1', S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE 'true'|'false' default true when S3_ENDPOINT is set, S3_PUBLIC_ENDPOINT optional: the endpoint browsers reach when it differs from the service's), otherwise local under join(dataDir, 'attachments'). */
export function fileStoreConfig(env: Record<string, string | undefined>, dataDir: string): FileStoreConfig {
  const s3 = loadConfig(storageEnv, env);
  if (s3.S3_BUCKET === undefined) {
    // Without the bucket the other S3 settings would be ignored and attachments would land on the
    // container's disk, to be lost with it: a half-configured S3 is a mistake, not a choice.
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_ENDPOINT'] as const).filter((name) => s3[name]);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required when ${stray.join(', ')} is set`);
    }
    return { driver: 'local', root: join(dataDir, 'attachments') };
  }
  return {
    driver: 's3',
    bucket: s3.S3_BUCKET,
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    // MinIO and most self-hosted servers answer only path-style requests (no bucket subdomain in DNS);
    // AWS itself, the one case without an endpoint, prefers virtual-hosted style.
    forcePathStyle: s3.S3_FORCE_PATH_STYLE ?? s3.S3_ENDPOINT !== undefined,
    publicEndpoint: s3.S3_PUBLIC_ENDPOINT,
  };
}

// Browsers and file systems cap a name at 255 bytes; a longer one only makes the header and, for
// S3, the signed URL long. Counted in code points, so a cut never splits a surrogate pair.
const maxNameLength = 150;
const maxExtensionLength = 16;

/**
 * A Content-Disposition header naming the file safely (RFC 6266): `filename*` carries the name in
 * UTF-8 (RFC 5987) for every current browser, `filename` an ASCII stand-in for older clients and
 * tools such as `curl -J`, which would otherwise write to the path the name spells.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const name = shorten(
    fileName
      // A lone surrogate cannot be encoded as UTF-8 (encodeURIComponent throws on it).
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      .replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '')
      .replace(/^[\s.]+|\s+$/g, ''),
  );
  const fallback = name
    .replace(/[^\x20-\x7e]/gu, '_')
    // `%` too: some clients percent-decode the plain `filename`, which would bring back what was stripped.
    .replace(/["%]/g, '')
    .replace(/^[\s.]+/, '');
  return `${disposition}; filename="${fallback || 'download'}"; filename*=UTF-8''${encodeRfc5987(name || 'download')}`;
}

function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= maxNameLength) return name;
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= maxExtensionLength ? chars.slice(dot) : [];
  return [...chars.slice(0, maxNameLength - extension.length), ...extension].join('');
}

/** encodeURIComponent leaves `'()*` as they are, but RFC 5987's attr-char does not allow them. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * Passes on exactly `size` bytes and fails on one more or one fewer: each driver's check of an upload.
 * It holds the latest piece back until the next arrives or the stream ends with the count right, so
 * whatever reads from it (an S3 request with that ContentLength) never has all `size` bytes before
 * the upload is known to be whole.
 */
export function exactLength(size: number): Transform {
  let seen = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      if (piece.length === 0) return done();
      seen += piece.length;
      if (seen > size) return done(new Error(`The upload is longer than its declared ${size} bytes`));
      if (held) this.push(held);
      held = piece;
      done();
    },
    flush(done) {
      if (seen !== size) return done(new Error(`The upload ended after ${seen} of its declared ${size} bytes`));
      done(null, held ?? undefined);
    },
  });
}
