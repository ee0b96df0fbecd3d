import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';

// What Chromium actually fetches, as its DevTools network log counts it (bytes on the wire,
// headers included): compressed first loads and cheap warm reloads (issue #11). No timings.
type Fetched = { url: string; status: number; encoding?: string; bytes: number; fromCache: boolean };

/**
 * Records every response of the page from now on. The status is the one on the wire (a
 * revalidated file is a 304 there, while DevTools shows the cached 200); a response that never
 * reached the network (memory or disk cache) counts no bytes.
 */
async function recordNetwork(page: Page): Promise<{ fetched: () => Fetched[]; clear(): void }> {
  const cdp = await page.context().newCDPSession(page);
  const responses = new Map<string, { url: string; encoding?: string; fromDiskCache: boolean }>();
  const wireStatus = new Map<string, number>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    responses.set(requestId, { url: response.url, encoding, fromDiskCache: Boolean(response.fromDiskCache) });
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => wireStatus.set(requestId, statusCode));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => bytes.set(requestId, encodedDataLength));
  await cdp.send('Network.enable');
  // A cold load: nothing from an earlier test in this browser profile.
  await cdp.send('Network.clearBrowserCache');
  return {
    fetched: () =>
      [...responses].flatMap(([id, { url, encoding, fromDiskCache }]) => {
        if (!bytes.has(id)) return [];
        const status = wireStatus.get(id);
        const fromCache = fromDiskCache || status === undefined;
        return [{ url, encoding, status: status ?? 200, fromCache, bytes: fromCache ? 0 : bytes.get(id)! }];
      }),
    clear() {
      responses.clear();
      wireStatus.clear();
      bytes.clear();
    },
  };
}

const isAsset = (f: Fetched) => !/\/(?:api|socket\.io)\//.test(new URL(f.url).pathname);
const sum = (list: Fetched[]) => list.reduce((total, f) => total + f.bytes, 0);
const KB = 1024;

describe('what a browser downloads', () => {
  let app: RunningApp;
  let chromium: Chromium;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('/login: the page and every script compressed, under 150 KB on the wire', async () => {
    const page = await chromium.browser.newPage();
    const network = await recordNetwork(page);
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');

    const assets = network.fetched().filter(isAsset);
    const scripts = assets.filter((f) => /\.js$/.test(new URL(f.url).pathname));
    expect(scripts.length).toBeGreaterThan(3);
    for (const f of [...scripts, assets.find((f) => new URL(f.url).pathname === '/login')!])
      expect([f.url, f.encoding]).toEqual([f.url, expect.stringMatching(/^(?:br|gzip)$/)]);
    const total = sum(assets);
    console.log(`/login, cold: ${(total / KB).toFixed(1)} KB on the wire in ${assets.length} responses`);
    expect(total).toBeLessThanOrEqual(150 * KB);
    await page.close();
  });

  it('a board route: under 230 KB cold; a warm reload revalidates the unhashed files (304), takes the rest from the cache, under 10 KB', async () => {
    const page = await chromium.browser.newPage();
    await signIn(page, await apiOf(app).login(ADMIN.email, ADMIN.password));
    const network = await recordNetwork(page);
    await page.goto(`${app.url}/boards/7`);
    await page.locator('[data-remote="mf_boards"]').waitFor();
    await page.waitForLoadState('networkidle');
    const cold = sum(network.fetched().filter(isAsset));
    expect(cold).toBeLessThanOrEqual(230 * KB);
    network.clear();

    await page.reload();
    await page.locator('[data-remote="mf_boards"]').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = network.fetched();
    const assets = fetched.filter(isAsset);
    const warm = sum(assets);
    const api = sum(fetched.filter((f) => !isAsset(f)));
    console.log(
      `/boards/:id: cold ${(cold / KB).toFixed(1)} KB of assets; warm reload ${(warm / KB).toFixed(1)} KB of assets ` +
        `in ${assets.filter((f) => !f.fromCache).length} requests (+ ${(api / KB).toFixed(1)} KB of API answers)`,
    );
    const revalidated = (name: RegExp) => assets.find((f) => name.test(new URL(f.url).pathname));
    for (const name of [
      /^\/boards\/7$/,
      /^\/remotes\.json$/,
      /\/mf-boards\/mf-manifest\.json$/,
      /\/mf-boards\/remoteEntry\.js$/,
    ])
      expect([String(name), revalidated(name)?.status]).toEqual([String(name), 304]);
    const hashed = assets.filter((f) => /\.[0-9a-f]{8}\.js$/.test(new URL(f.url).pathname));
    expect(hashed.filter((f) => !f.fromCache).map((f) => f.url)).toEqual([]);
    expect(warm).toBeLessThanOrEqual(10 * KB);
    await page.close();
  });
});
