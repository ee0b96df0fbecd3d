import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError, Invalid } from '@trackboard/server-kit';
import { messages } from '@trackboard/contracts';

/** An upload written to the scratch folder: sniffing and thumbnails read it from there, then it is stored. */
export type ReceivedFile = { path: string; size: number; dispose(): Promise<void> };

/** A size as people read it in a message: 25 MB, 1.5 MB. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** 413 naming the limit, so the person knows what to change and the admin which setting. */
export const tooLarge = (maxBytes: number) =>
  new HttpError(413, `body: the file is larger than the ${megabytes(maxBytes)} allowed (ATTACHMENT_MAX_BYTES)`, {
    limitBytes: maxBytes,
  });

/**
 * Streams an upload to a scratch file, never holding it whole in memory, and stops at `maxBytes`:
 * a declared length over the limit is refused before a byte is read, and a body that runs past it
 * (chunked, or lying about its length) is cut off there, its partial file removed.
 */
export async function receiveFile(
  body: Readable,
  { scratchDir, maxBytes, declaredBytes }: { scratchDir: string; maxBytes: number; declaredBytes?: number },
): Promise<ReceivedFile> {
  if (declaredBytes !== undefined && declaredBytes > maxBytes) throw tooLarge(maxBytes);
  await mkdir(scratchDir, { recursive: true });
  const path = join(scratchDir, randomUUID());
  const dispose = () => rm(path, { force: true });
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(body, counted, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await dispose();
    throw error;
  }
  if (size === 0) {
    await dispose();
    throw new Invalid(messages.attachmentEmpty);
  }
  return { path, size, dispose };
}
