import { journey } from './support/journey';
import { bytesOf as sum, isAsset, recordNetwork } from './support/network-log';

// What Chromium actually fetches (bytes on the wire, headers included): compressed first loads
// and cheap warm reloads. No timings.
const KB = 1024;

describe('what a browser downloads', () => {
  const j = journey();
  const { app } = j;

  it('/login: the page and every script compressed, under 170 KB on the wire', async () => {
    const page = await j.newPage();
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
    expect(total).toBeLessThanOrEqual(170 * KB);
  });

  // Cold, everything fetched until the network is idle: the board's first load (its budget is
  // scripts/bundle-budget.mjs's) and what loads once it is drawn — the sidebar's saved views
  // (2.2 KB, and swr, 6.4 KB, which fetches them), the bell, presence.
  it('a board route: under 290 KB cold; a warm reload revalidates the unhashed files (304), takes the rest from the cache, under 10 KB', async () => {
    const page = await j.newPage({ as: await j.admin() });
    // A cold load: nothing in the cache (a fresh context starts with an empty one; cleared all the same).
    await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
    const network = await recordNetwork(page);
    await page.goto(`${app.url}/boards/7`);
    await page.locator('[data-remote="mf_boards"]').waitFor();
    await page.waitForLoadState('networkidle');
    const cold = sum(network.fetched().filter(isAsset));
    expect(cold).toBeLessThanOrEqual(290 * KB);
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
  });
});
