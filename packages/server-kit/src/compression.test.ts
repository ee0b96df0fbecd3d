import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createServiceApp } from './app';
import { chooseEncoding } from './content-encoding';
import { createLogger } from './logger';

const log = createLogger('test', 'silent');
const issues = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, title: `Issue ${i + 1}`, status: 'TODO' }));

function givenApp() {
  const app = createServiceApp({ service: 'demo', log });
  app.get('/issues', (c) => c.json(issues));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/already', (c) =>
    c.body(new Uint8Array(gzipSync(JSON.stringify(issues))), 200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    }),
  );
  app.get('/missing', (c) => c.json({ message: 'x'.repeat(2000) }, 404));
  return app;
}

const get = (path: string, acceptEncoding?: string) =>
  givenApp().request(path, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

describe('compressed answers (every service app)', () => {
  it('sends brotli to a browser that offers gzip first (Chrome: gzip, deflate, br, zstd)', async () => {
    const res = await get('/issues', 'gzip, deflate, br, zstd');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(issues);
    expect(body.length).toBeLessThan(JSON.stringify(issues).length / 5);
  });

  it('sends gzip to a client that takes only gzip, or refuses brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get('/issues', accept);
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(issues);
    }
  });

  it('sends the body as it is to a client that asks for no encoding, still saying it varies', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/issues', accept);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
      expect(await res.json()).toEqual(issues);
    }
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await get('/small', 'br, gzip');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('compresses error answers too, keeping their status', async () => {
    const res = await get('/missing', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).message).toHaveLength(
      2000,
    );
  });

  it('never compresses what a route already encoded', async () => {
    const res = await get('/already', 'br, gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(issues);
  });

  it('keeps the security headers of the factory on a compressed answer', async () => {
    const res = await get('/issues', 'br');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    ['zstd', undefined],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('offers only the files that exist', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
  });
});
