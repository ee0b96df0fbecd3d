import type { Page } from 'playwright-core';

// What Chromium actually fetches, as its DevTools network log counts it (bytes on the wire,
// headers included). Shared by the delivery journey and the bench's warm-reload figure.
export type Fetched = { url: string; status: number; encoding?: string; bytes: number; fromCache: boolean };

/**
 * Records every response of the page from now on. The status is the one on the wire (a
 * revalidated file is a 304 there, while DevTools shows the cached 200); a response that never
 * reached the network (memory or disk cache) counts no bytes.
 */
export async function recordNetwork(page: Page): Promise<{ fetched: () => Fetched[]; clear(): void }> {
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

/** A file of the web app rather than an API answer or the socket. */
export const isAsset = (f: Fetched) => !/\/(?:api|socket\.io)\//.test(new URL(f.url).pathname);
export const bytesOf = (list: Fetched[]) => list.reduce((total, f) => total + f.bytes, 0);
