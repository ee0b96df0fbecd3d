import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserServer } from 'playwright-core';

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A desktop window, unless a journey asks for another size. */
export const DESKTOP = { width: 1280, height: 800 };

/** A Chromium that the jest workers connect to (chromium.connect) over its WebSocket address. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

export type Chromium = { browser: BrowserContext; close(): Promise<void> };

/** A Chromium of its own with a fresh profile (the bench's; the journeys share a server, journey.ts). */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'tb-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: DESKTOP,
  });
  return {
    browser: context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
