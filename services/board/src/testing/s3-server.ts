import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { attachmentSettings } from '../domain/attachments/settings';

/**
 * s3rver, the S3-protocol server the S3 driver is tested against, in a child process of its own:
 * - it encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17 on) keeps
 *   in its legacy provider, so without that flag every truncated listing (over 1000 keys) is a 500;
 * - it writes an upload to its file as the bytes arrive and keeps them if the request is cut short,
 *   where S3 stores an object only once its whole body is in: here it does the same, so the contract
 *   asks of it what S3 does.
 */
const s3rverMain = `
  const S3rver = require('s3rver');
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: process.argv[1], silent: true });
  const putObject = s3rver.store.putObject.bind(s3rver.store);
  s3rver.store.putObject = async (object) => {
    if (Buffer.isBuffer(object.content)) return putObject(object);
    const request = object.content;
    const pieces = [];
    object.content = await new Promise((resolve, reject) => {
      request.on('data', (piece) => pieces.push(piece));
      request.on('end', () => resolve(Buffer.concat(pieces)));
      request.on('error', () => {});
      request.on('close', () => request.complete || reject(new Error('upload cut short')));
    });
    return putObject(object);
  };
  // Seeding through the store: a thousand PUTs through the SDK take seconds, most of it signing.
  const S3Object = require('s3rver/lib/models/object');
  process.on('message', async ({ bucket, keys }) => {
    await Promise.all(keys.map((key) => putObject(new S3Object(bucket, key, Buffer.from(key), {}))));
    process.send(keys.length);
  });
  s3rver.run().then(({ port }) => process.send(port));
`;

/** A running s3rver: its endpoint (credentials S3RVER/S3RVER, any region), and a way to put many keys at once. */
export type S3Server = {
  endpoint: string;
  /** Puts `keys` (each holding its own name) straight into the server's store. */
  seed(bucket: string, keys: string[]): Promise<void>;
  close(): Promise<void>;
};

/** Starts s3rver on a free port, keeping its buckets under `directory`. */
export async function startS3Server(directory: string): Promise<S3Server> {
  const server = spawn(process.execPath, ['--openssl-legacy-provider', '-e', s3rverMain, directory], {
    cwd: __dirname,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (message) => resolve(message as number));
    server.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async seed(bucket, keys) {
      const seeded = once(server, 'message');
      server.send({ bucket, keys });
      await seeded;
    },
    async close() {
      if (server.exitCode !== null) return;
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    },
  };
}

/** The client settings for a test's own S3 client against `endpoint`. */
export const s3rverClientSettings = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

/**
 * A test platform whose attachments go to `bucket` on an s3rver of its own, with a client to look
 * in the bucket, for the tests of one describe: registers its beforeAll and afterAll, and answers
 * them, filled in before its first test runs. `dataDir` makes a scratch folder.
 */
export function s3PlatformForSuite(bucket: string, dataDir: () => string) {
  const on = {} as { t: TestPlatform; server: S3Server; client: S3Client };
  beforeAll(async () => {
    on.server = await startS3Server(join(dataDir(), 's3'));
    on.client = new S3Client(s3rverClientSettings(on.server.endpoint));
    await on.client.send(new CreateBucketCommand({ Bucket: bucket }));
    on.t = await createTestPlatform({
      attachments: attachmentSettings(
        {
          S3_BUCKET: bucket,
          S3_ENDPOINT: on.server.endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        },
        dataDir(),
      ),
    });
  }, 30_000);
  afterAll(async () => {
    await on.t?.close();
    on.client?.destroy();
    await on.server?.close();
  });
  return on;
}
