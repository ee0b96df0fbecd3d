import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentDisposition, exactLength, type FileStore, type FileStoreConfig } from './file-store';

type S3Config = Extract<FileStoreConfig, { driver: 's3' }>;

/** DeleteObjects takes at most this many keys a request. */
const deleteBatch = 1000;

/** Objects in an S3-compatible bucket (AWS, MinIO, R2), downloaded by the browser through presigned URLs. */
export function createS3FileStore(config: S3Config): FileStore {
  const Bucket = config.bucket;
  const client = new S3Client(clientConfig(config, config.endpoint));
  // Signing covers the host, so a URL for the browser must be signed for the address the browser uses.
  const signer = config.publicEndpoint ? new S3Client(clientConfig(config, config.publicEndpoint)) : client;

  return {
    async put(key, body, size, contentType) {
      const object = { Bucket, Key: key, ContentLength: size, ContentType: contentType };
      if (size === 0) {
        // S3 completes an empty object on the headers alone, before a byte of the body is read.
        await pipeline(body, exactLength(0));
        await client.send(new PutObjectCommand({ ...object, Body: new Uint8Array() }));
        return;
      }
      // The SDK pipes the body into the request and never hears of its errors: without the abort,
      // a stream that fails or ends early leaves the request waiting for the rest of ContentLength.
      // S3 keeps nothing of a request cut short, and exactLength never lets it have all the bytes
      // of a stream that turns out too long.
      const abort = new AbortController();
      const counted = exactLength(size);
      pipeline(body, counted).catch((error: unknown) => abort.abort(error));
      try {
        await client.send(new PutObjectCommand({ ...object, Body: counted }), { abortSignal: abort.signal });
      } catch (error) {
        // The stream's own failure says more than the SDK's AbortError that reports it.
        const reason: unknown = abort.signal.aborted ? abort.signal.reason : error;
        counted.destroy();
        throw reason;
      }
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`S3 answered GetObject for ${key} without a body stream or its length`);
        }
        return { body: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },

    async downloadUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
        ResponseContentType: options.contentType,
      });
      return getSignedUrl(signer, command, { expiresIn: options.expiresInSeconds });
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async removePrefix(prefix) {
      if (prefix === '') throw new Error('Refusing to remove every stored file (empty prefix)');
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        // S3 lists at most 1000 a page, the most DeleteObjects takes; other servers need not.
        for (let at = 0; at < keys.length; at += deleteBatch) {
          const answer = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(at, at + deleteBatch), Quiet: true } }),
          );
          const failed = answer.Errors ?? [];
          if (failed.length > 0) {
            const first = failed[0]!;
            throw new Error(`S3 did not delete ${failed.length} objects under ${prefix}: ${first.Key} ${first.Code}`);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

function clientConfig(config: S3Config, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's own chain answers (instance role, AWS_* variables, web identity).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Since 3.729 the SDK sends a streamed body as `aws-chunked` with a CRC32 trailer unless told
    // otherwise. S3-compatible servers that do not take it refuse the upload (R2 answered 501 when
    // the change shipped) or, like s3rver, keep the chunk framing as part of the file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  };
}

function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchKey') return true;
  // Some servers answer a missing key with a bare 404; a missing bucket is a fault, not an absent file.
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
}
