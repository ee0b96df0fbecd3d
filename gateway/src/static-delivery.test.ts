import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createWebHost } from './web-host';

// The built shell and remotes as the build leaves them: each file with its .br and .gz beside.
const webRoot = mkdtempSync(join(tmpdir(), 'tb-static-'));
const shellDist = join(webRoot, 'shell', 'dist');
const boardsDist = join(webRoot, 'mf-boards', 'dist');
const chunk = `(()=>{${'console.log("a chunk of the shell");'.repeat(200)}})();`;
const page = `<!doctype html><html><head><script defer src="/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>`;

function built(folder: string, name: string, content: string, { compressed = true } = {}) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), content);
  if (!compressed) return;
  writeFileSync(join(folder, `${name}.br`), brotliCompressSync(content));
  writeFileSync(join(folder, `${name}.gz`), gzipSync(content));
}
built(shellDist, 'index.html', page);
built(shellDist, 'main.0a1b2c3d.js', chunk);
built(shellDist, '210.5b13c535.js.LICENSE.txt', 'MIT', { compressed: false });
built(boardsDist, 'remoteEntry.js', `var mf_boards=${JSON.stringify(chunk)};`);
built(boardsDist, 'mf-manifest.json', JSON.stringify({ id: 'mf_boards', padding: 'x'.repeat(2000) }));
built(boardsDist, 'mf-manifest-stats.json', JSON.stringify({ id: 'mf_boards', padding: 'y'.repeat(2000) }));
built(boardsDist, '395.75412d1c.js', chunk);
writeFileSync(join(webRoot, 'secret.txt'), 'not for the web');

const web = createWebHost({
  webRoot,
  remoteUrls: {},
  appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  web.request(path, { method, headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('static files: precompressed by the build, chosen by Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
  ] as const)('%s → %s, the file’s own bytes once decoded', async (accept, encoding, decode) => {
    const res = await get('/main.0a1b2c3d.js', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe(encoding);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const body = await bytes(res);
    expect(res.headers.get('Content-Length')).toBe(String(body.length));
    expect(decode(body).toString()).toBe(chunk);
  });

  it('sends the plain file to a client that asks for no encoding, still saying it varies', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/main.0a1b2c3d.js', headers);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect((await bytes(res)).toString()).toBe(chunk);
    }
  });

  it('serves the page compressed, for a deep link too', async () => {
    for (const path of ['/', '/boards/12', '/login']) {
      const res = await get(path, { 'Accept-Encoding': 'br' });
      expect(res.headers.get('Content-Encoding')).toBe('br');
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(brotliDecompressSync(await bytes(res)).toString()).toBe(page);
    }
  });

  it('a remote’s files too, open to a shell on another origin', async () => {
    const res = await get('/remotes/mf-boards/395.75412d1c.js', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(chunk);
  });

  it('never serves a precompressed copy older than its file (a half-finished build)', async () => {
    built(shellDist, 'stale.0a1b2c3d.js', 'old();');
    writeFileSync(join(shellDist, 'stale.0a1b2c3d.js'), 'new();');
    // Times set outright: the writes above may straddle a clock tick on a busy machine.
    const [past, written] = [new Date(Date.now() - 60_000), new Date(Date.now() - 30_000)];
    utimesSync(join(shellDist, 'stale.0a1b2c3d.js'), written, written);
    utimesSync(join(shellDist, 'stale.0a1b2c3d.js.gz'), new Date(), new Date());
    utimesSync(join(shellDist, 'stale.0a1b2c3d.js.br'), past, past);
    const res = await get('/stale.0a1b2c3d.js', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    utimesSync(join(shellDist, 'stale.0a1b2c3d.js.gz'), past, past);
    const plain = await get('/stale.0a1b2c3d.js', { 'Accept-Encoding': 'br, gzip' });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe('new();');
  });

  it('answers HEAD with the length of what GET would send', async () => {
    const head = await get('/main.0a1b2c3d.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get('/main.0a1b2c3d.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String((await bytes(full)).length));
    expect((await bytes(head)).length).toBe(0);
  });

  it('never leaves its folder, however the path is written', async () => {
    for (const path of [
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/remotes/mf-boards/..%2f..%2fsecret.txt',
      '/.%2e/.%2e/secret.txt',
    ]) {
      const res = await get(path);
      expect(await res.text()).not.toContain('not for the web');
    }
  });
});

describe('static files: cached for good when hashed, revalidated by ETag otherwise', () => {
  it('keeps a content-hashed chunk for a year', async () => {
    for (const path of ['/main.0a1b2c3d.js', '/remotes/mf-boards/395.75412d1c.js', '/210.5b13c535.js.LICENSE.txt']) {
      expect((await get(path)).headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it.each([
    '/',
    '/boards/12',
    '/remotes/mf-boards/remoteEntry.js',
    '/remotes/mf-boards/mf-manifest.json',
    '/remotes/mf-boards/mf-manifest-stats.json',
  ])('%s: no-cache with a strong ETag, 304 while it matches', async (path) => {
    const first = await get(path, { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('ETag')!;
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    expect(etag).toMatch(/^"[\w-]+\.br"$/);
    const again = await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect((await bytes(again)).length).toBe(0);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('gives each encoding its own ETag: a gzip copy never answers for a brotli one', async () => {
    const br = (await get('/remotes/mf-boards/remoteEntry.js', { 'Accept-Encoding': 'br' })).headers.get('ETag')!;
    const gz = (await get('/remotes/mf-boards/remoteEntry.js', { 'Accept-Encoding': 'gzip' })).headers.get('ETag')!;
    const plain = (await get('/remotes/mf-boards/remoteEntry.js')).headers.get('ETag')!;
    expect(new Set([br, gz, plain]).size).toBe(3);
    expect(
      (await get('/remotes/mf-boards/remoteEntry.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': br })).status,
    ).toBe(200);
  });

  it('a redeployed remote entry gets a new ETag, so the next reload takes it', async () => {
    const before = (await get('/remotes/mf-boards/remoteEntry.js')).headers.get('ETag')!;
    writeFileSync(join(boardsDist, 'remoteEntry.js'), 'var mf_boards="redeployed";');
    const after = await get('/remotes/mf-boards/remoteEntry.js', { 'If-None-Match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before);
    expect(await after.text()).toBe('var mf_boards="redeployed";');
  });

  it.each([
    // Chosen per user (a canary goes to a share of them), so no shared cache keeps it.
    ['/remotes.json', 'private, no-cache'],
    ['/app-config.json', 'no-cache'],
  ])('%s: %s, 304 while its ETag matches', async (path, cacheControl) => {
    const first = await get(path);
    expect(first.headers.get('Cache-Control')).toBe(cacheControl);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"/);
    expect((await get(path, { 'If-None-Match': etag })).status).toBe(304);
  });
});
