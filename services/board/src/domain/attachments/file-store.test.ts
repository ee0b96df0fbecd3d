import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError } from '@trackboard/server-kit';
import { s3rverClientSettings, startS3Server, type S3Server } from '../../testing/s3-server';
import {
  contentDisposition,
  createFileStore,
  fileStoreConfig,
  type FileStore,
  type FileStoreConfig,
} from '@trackboard/file-store';

let s3rver: S3Server;
let endpoint: string;
let admin: S3Client;
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'file-store-'));
  s3rver = await startS3Server(join(scratch, 's3rver'));
  endpoint = s3rver.endpoint;
  admin = new S3Client(s3rverClientSettings(endpoint));
  // A quarter of a second alone; a loaded machine starting a node process can take several.
}, 30_000);
afterAll(async () => {
  admin?.destroy();
  await s3rver?.close();
  await rm(scratch, { recursive: true, force: true });
});

type S3StoreConfig = Extract<FileStoreConfig, { driver: 's3' }>;

const s3ConfigFor = (bucket: string): S3StoreConfig => ({
  driver: 's3',
  bucket,
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

/** A store of its own for each test: a new bucket, made the way an operator would. */
async function s3Config(): Promise<S3StoreConfig> {
  const bucket = `attachments-${randomUUID().slice(0, 8)}`;
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return s3ConfigFor(bucket);
}

const freshStore = {
  local: async () => createFileStore({ driver: 'local', root: await mkdtemp(join(scratch, 'local-')) }),
  s3: async () => createFileStore(await s3Config()),
};

/** The stream a browser upload arrives as: the bytes in pieces, not one buffer. */
const streamOf = (bytes: Buffer, piece = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );

async function bytesOf(body: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

const putText = (store: FileStore, key: string, text: string) =>
  store.put(key, streamOf(Buffer.from(text)), Buffer.byteLength(text), 'text/plain');

async function textAt(store: FileStore, key: string): Promise<string | null> {
  const file = await store.get(key);
  return file && (await bytesOf(file.body)).toString();
}

describe.each(['local', 's3'] as const)('the %s file store', (driver) => {
  let store: FileStore;
  beforeEach(async () => {
    store = await freshStore[driver]();
  });

  it('gives back the very bytes it was given, with their size', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    await store.put('p12/i345/a678', streamOf(bytes), bytes.length, 'application/octet-stream');

    const file = await store.get('p12/i345/a678');
    expect(file?.size).toBe(bytes.length);
    expect((await bytesOf(file!.body)).equals(bytes)).toBe(true);
  });

  it('stores an empty file, and refuses a stream that should have been empty', async () => {
    await putText(store, 'p1/i1/a1', '');
    expect(await store.get('p1/i1/a1')).toMatchObject({ size: 0 });
    await expect(store.put('p1/i1/a2', streamOf(Buffer.from('x')), 0, 'text/plain')).rejects.toThrow(/longer/);
    expect(await store.get('p1/i1/a2')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    await putText(store, 'p1/i1/a1', 'first');
    await putText(store, 'p1/i1/a1', 'second');
    expect(await textAt(store, 'p1/i1/a1')).toBe('second');
  });

  it('answers null for a key it does not hold, also one that is only the start of other keys', async () => {
    await putText(store, 'p1/i1/a1', 'x');
    expect(await store.get('p1/i1/a2')).toBeNull();
    expect(await store.get('p1/i1')).toBeNull();
    expect(await store.get('p9/i9/a9')).toBeNull();
  });

  it('rejects a stream that ends before its declared size and keeps nothing of it', async () => {
    const bytes = randomBytes(200 * 1024);
    await expect(store.put('p1/i1/a1', streamOf(bytes), bytes.length + 1, 'image/png')).rejects.toThrow(
      /ended after 204800 of its declared 204801 bytes/,
    );
    expect(await store.get('p1/i1/a1')).toBeNull();
  });

  it('rejects a stream longer than its declared size and keeps nothing of it', async () => {
    const bytes = randomBytes(200 * 1024);
    await expect(store.put('p1/i1/a1', streamOf(bytes), bytes.length - 1, 'image/png')).rejects.toThrow(
      /longer than its declared 204799 bytes/,
    );
    expect(await store.get('p1/i1/a1')).toBeNull();
  });

  it('rejects a stream that fails midway and keeps nothing of it', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(64 * 1024);
        throw new Error('the client went away');
      })(),
    );
    await expect(store.put('p1/i1/a1', failing, 1024 * 1024, 'image/png')).rejects.toThrow('the client went away');
    expect(await store.get('p1/i1/a1')).toBeNull();
  });

  it('removes one file, and takes a missing one in its stride', async () => {
    await putText(store, 'p1/i1/a1', 'x');
    await putText(store, 'p1/i1/a1-thumb', 'y');
    await store.remove('p1/i1/a1');
    await store.remove('p1/i1/a1');
    await store.remove('p7/i7/a7');
    expect(await store.get('p1/i1/a1')).toBeNull();
    expect(await textAt(store, 'p1/i1/a1-thumb')).toBe('y');
  });

  it('removes every file under a prefix and nothing else', async () => {
    const keys = ['p1/i1/a1', 'p1/i1/a1-thumb', 'p1/i2/a2', 'p2/i3/a3', 'p1/i10/a4'];
    for (const key of keys) await putText(store, key, key);

    await store.removePrefix('p1/i1/');
    // A file's own key followed by a slash is the start of no key.
    await store.removePrefix('p1/i2/a2/');

    const left = [];
    for (const key of keys) if (await store.get(key)) left.push(key);
    expect(left).toEqual(['p1/i2/a2', 'p2/i3/a3', 'p1/i10/a4']);
  });

  it('removes by a prefix that ends inside a name, as S3 does', async () => {
    for (const key of ['p1/i1/a1', 'p1/i1/a1-thumb', 'p1/i1/a10', 'p1/i1/a2']) await putText(store, key, key);
    await store.removePrefix('p1/i1/a1');
    expect(await textAt(store, 'p1/i1/a2')).toBe('p1/i1/a2');
    expect(await store.get('p1/i1/a1-thumb')).toBeNull();
    expect(await store.get('p1/i1/a10')).toBeNull();
  });

  it('takes a prefix with nothing under it in its stride, and refuses an empty one', async () => {
    await putText(store, 'p1/i1/a1', 'x');
    await store.removePrefix('p5/');
    await store.removePrefix('p1/i9/');
    await expect(store.removePrefix('')).rejects.toThrow(/empty prefix/);
    expect(await textAt(store, 'p1/i1/a1')).toBe('x');
  });

  it('answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('the local file store', () => {
  it('refuses keys that could leave its folder, before writing anything', async () => {
    const root = await mkdtemp(join(scratch, 'local-'));
    const store = createFileStore({ driver: 'local', root: join(root, 'attachments') });
    for (const key of ['../x', 'p1/../../x', '/etc/x', 'p1\\..\\x', 'p1//a1', 'p1/./a1', '', 'p1/i1/']) {
      await expect(store.put(key, streamOf(Buffer.from('x')), 1, 'text/plain')).rejects.toThrow(/Unsafe file key/);
      await expect(store.get(key)).rejects.toThrow(/Unsafe file key/);
      await expect(store.remove(key)).rejects.toThrow(/Unsafe file key/);
    }
    await expect(store.removePrefix('../')).rejects.toThrow(/Unsafe file key/);
    await expect(store.removePrefix('p1/..')).rejects.toThrow(/Unsafe file key/);
    expect(existsSync(join(root, 'x'))).toBe(false);
  });

  it('gives no download URL: the app serves the bytes itself', async () => {
    const store = await freshStore.local();
    await putText(store, 'p1/i1/a1', 'x');
    const url = await store.downloadUrl('p1/i1/a1', {
      fileName: 'a.txt',
      contentType: 'text/plain',
      disposition: 'attachment',
      expiresInSeconds: 60,
    });
    expect(url).toBeNull();
  });

  it('leaves no temporary file behind a failed upload', async () => {
    const root = await mkdtemp(join(scratch, 'local-'));
    const store = createFileStore({ driver: 'local', root });
    await putText(store, 'p1/i1/a1', 'kept');
    await expect(store.put('p1/i1/a2', streamOf(Buffer.from('short')), 10, 'text/plain')).rejects.toThrow();
    expect(await readdir(join(root, 'p1/i1'))).toEqual(['a1']);
  });

  it('fails its ping when its folder cannot be written', async () => {
    const root = await mkdtemp(join(scratch, 'local-'));
    // A file where the folder should be fails even for root, which permission bits would not stop.
    await writeFile(join(root, 'attachments'), '');
    const store = createFileStore({ driver: 'local', root: join(root, 'attachments') });
    await expect(store.ping()).rejects.toThrow();
  });
});

describe('the S3 file store', () => {
  const download = {
    fileName: 'Résumé "final" 🎉.pdf',
    contentType: 'application/pdf',
    disposition: 'attachment',
    expiresInSeconds: 300,
  } as const;

  it('signs a URL that downloads the bytes with the name and type given', async () => {
    const store = createFileStore(await s3Config());
    const bytes = randomBytes(100 * 1024);
    await store.put('p1/i1/a1', streamOf(bytes), bytes.length, 'application/octet-stream');

    const url = await store.downloadUrl('p1/i1/a1', download);
    expect(url).toMatch(/X-Amz-Expires=300/);
    const res = await fetch(url!);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(contentDisposition('attachment', download.fileName));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('signs for the public endpoint when browsers reach S3 at another address', async () => {
    const publicEndpoint = endpoint.replace('127.0.0.1', 'localhost');
    const store = createFileStore({ ...(await s3Config()), publicEndpoint });
    await putText(store, 'p1/i1/a1', 'through the public address');

    const url = await store.downloadUrl('p1/i1/a1', { ...download, disposition: 'inline', contentType: 'text/plain' });
    expect(new URL(url!).origin).toBe(publicEndpoint);
    const res = await fetch(url!);
    expect(await res.text()).toBe('through the public address');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  // A thousand objects written and deleted on one busy disk: seconds when the machine is loaded.
  const aThousandObjects = 30_000;

  it(
    'removes a prefix holding more objects than one listing page',
    async () => {
      const config = await s3Config();
      const store = createFileStore(config);
      const keys = Array.from({ length: 1003 }, (_, n) => `p1/i1/a${n}`);
      await s3rver.seed(config.bucket, [...keys, 'p1/i2/a1']);

      await store.removePrefix('p1/i1/');

      const left = await admin.send(new ListObjectsV2Command({ Bucket: config.bucket }));
      expect(left.Contents?.map((object) => object.Key)).toEqual(['p1/i2/a1']);
    },
    aThousandObjects,
  );

  it('fails its ping when the bucket does not exist', async () => {
    const store = createFileStore(s3ConfigFor('no-such-bucket'));
    await expect(store.ping()).rejects.toThrow();
  });

  it('reports a missing bucket on get rather than a missing file', async () => {
    const store = createFileStore(s3ConfigFor('no-such-bucket'));
    await expect(store.get('p1/i1/a1')).rejects.toThrow(/bucket/i);
  });
});

describe('contentDisposition', () => {
  const fallbackOf = (header: string) => /filename="([^"]*)"/.exec(header)?.[1];
  const fullNameOf = (header: string) => decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(header)![1]!);

  it('keeps a plain name as it is', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('inline', 'photo.png')).toMatch(/^inline; filename="photo.png"; /);
  });

  it('takes path separators and leading dots away, so no client writes outside its folder', () => {
    const header = contentDisposition('attachment', '../../etc/passwd');
    expect(fallbackOf(header)).toBe('etcpasswd');
    expect(fullNameOf(header)).toBe('etcpasswd');
    expect(fallbackOf(contentDisposition('attachment', '..\\..\\boot.ini'))).toBe('boot.ini');
  });

  it('keeps quotes, CR and LF out of the header', () => {
    const header = contentDisposition('attachment', 'a"b\r\nSet-Cookie: x=1\\".txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(fallbackOf(header)).toBe('abSet-Cookie: x=1.txt');
    expect(header.match(/"/g)).toHaveLength(2);
    expect(fullNameOf(header)).toBe('a"bSet-Cookie: x=1".txt');
  });

  it('puts the full name in filename* and an ASCII stand-in in filename', () => {
    const header = contentDisposition('attachment', 'Résumé 🎉 100%.pdf');
    expect(fallbackOf(header)).toBe('R_sum_ _ 100.pdf');
    expect(fullNameOf(header)).toBe('Résumé 🎉 100%.pdf');
    // Only RFC 5987 attr-chars and percent escapes in the extended value.
    expect(/filename\*=UTF-8''(\S+)$/.exec(header)![1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(fullNameOf(contentDisposition('attachment', "it's (1)*.txt"))).toBe("it's (1)*.txt");
    expect(contentDisposition('attachment', "it's (1)*.txt")).toContain("filename*=UTF-8''it%27s%20%281%29%2A.txt");
  });

  it('names a file that has nothing usable left "download"', () => {
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
    expect(fallbackOf(contentDisposition('attachment', '../'))).toBe('download');
    expect(fallbackOf(contentDisposition('attachment', '报告.docx'))).toBe('__.docx');
  });

  it('shortens a very long name and keeps its extension', () => {
    const ascii = contentDisposition('attachment', `${'a'.repeat(300)}.pdf`);
    expect(fallbackOf(ascii)).toHaveLength(150);
    expect(fallbackOf(ascii)).toMatch(/^a+\.pdf$/);
    expect(ascii.length).toBeLessThan(400);

    const emoji = contentDisposition('inline', `${'🎉'.repeat(300)}.png`);
    expect(Array.from(fullNameOf(emoji))).toHaveLength(150);
    expect(fullNameOf(emoji)).toMatch(/\.png$/);
    expect(emoji.length).toBeLessThan(2000);
  });

  it('survives a lone surrogate, which encodeURIComponent alone would throw on', () => {
    expect(fullNameOf(contentDisposition('attachment', 'a\uD800b.txt'))).toBe('a\uFFFDb.txt');
  });
});

describe('fileStoreConfig', () => {
  it('keeps files in DATA_DIR/attachments when no bucket is set', () => {
    expect(fileStoreConfig({}, '/var/lib/trackboard')).toEqual({
      driver: 'local',
      root: join('/var/lib/trackboard', 'attachments'),
    });
    expect(fileStoreConfig({ S3_BUCKET: '', S3_REGION: 'eu-west-1' }, './data')).toEqual({
      driver: 'local',
      root: join('./data', 'attachments'),
    });
  });

  it('uses AWS itself, virtual-hosted, with a bucket and nothing else', () => {
    expect(fileStoreConfig({ S3_BUCKET: 'tb-files' }, './data')).toEqual({
      driver: 's3',
      bucket: 'tb-files',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('uses path-style requests with an endpoint unless told otherwise', () => {
    const env = {
      S3_BUCKET: 'attachments',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
    };
    expect(fileStoreConfig(env, './data')).toEqual({
      driver: 's3',
      bucket: 'attachments',
      endpoint: 'http://minio:9000',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicEndpoint: 'https://files.example.com',
    });
    expect(fileStoreConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }, './data')).toMatchObject({
      forcePathStyle: false,
    });
    expect(fileStoreConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' }, './data')).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('names the variable that holds a wrong or lonely value', () => {
    expect(() => fileStoreConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, '.')).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => fileStoreConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, '.')).toThrow(/S3_ENDPOINT/);
    expect(() => fileStoreConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, '.')).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => fileStoreConfig({ S3_ENDPOINT: 'http://minio:9000' }, '.')).toThrow(ConfigError);
    expect(() => fileStoreConfig({ S3_ENDPOINT: 'http://minio:9000' }, '.')).toThrow(/S3_BUCKET/);
  });
});
