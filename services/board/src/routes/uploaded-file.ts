import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AttachmentUploadQuery, messages } from '@trackboard/contracts';
import { Invalid, describeZodError } from '@trackboard/server-kit';

export type UploadedFile = { body: Readable; fileName: string; declaredBytes?: number };

const named = (name: string | undefined) => {
  const parsed = AttachmentUploadQuery.safeParse({ name });
  if (!parsed.success) throw new Invalid(describeZodError(parsed.error));
  return parsed.data.name;
};

/**
 * The file of an upload, as a stream: the whole body (its name in ?name=, its length declared,
 * so an oversized one is refused before it is read), or the first file of a multipart form
 * (its name from the part unless ?name= gives one), read by busboy as it arrives.
 */
export function uploadedFile(c: Context): Promise<UploadedFile> {
  const raw = c.req.raw.body;
  if (!raw) throw new Invalid(messages.attachmentEmpty);
  const body = Readable.fromWeb(raw as unknown as WebReadableStream<Uint8Array>);
  const type = c.req.header('content-type') ?? '';
  const nameInQuery = c.req.query('name');
  if (!/^multipart\/form-data/i.test(type)) {
    const length = c.req.header('content-length');
    return Promise.resolve({
      body,
      fileName: named(nameInQuery),
      declaredBytes: length && /^\d+$/.test(length) ? Number(length) : undefined,
    });
  }
  return new Promise((resolve, reject) => {
    const form = busboy({ headers: { 'content-type': type }, limits: { files: 1, fields: 20 } });
    form.once('file', (_field, file, info) => {
      try {
        resolve({ body: file, fileName: named(nameInQuery ?? info.filename) });
      } catch (error) {
        file.resume();
        reject(error);
      }
    });
    form.once('error', reject);
    // Settles nothing once a file was found (a promise settles once).
    form.once('close', () => reject(new Invalid('file: the form has no file')));
    body.pipe(form);
  });
}
