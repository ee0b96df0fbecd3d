import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { signIn } from '../e2e/support/api';
import { launchChromium } from '../e2e/support/browser';
import { bytesOf, isAsset, recordNetwork } from '../e2e/support/network-log';
import type { BenchEnv } from './split-env';
import type { Row } from './table';

// The web app's weight: the shell's first load as the bundle budget adds it up from the built
// files (scripts/bundle-budget.mjs, the one copy of that rule), and a warm reload of a board
// page in real Chromium through the split gateway (bytes on the wire, DevTools' count).

const root = resolve(__dirname, '..');
const KB = 1024;

export async function benchShell(): Promise<Row[]> {
  const run = spawnSync(process.execPath, ['scripts/bundle-budget.mjs'], { cwd: root, encoding: 'utf8' });
  // bundle-budget prints `✔ /login: 123.4 KB gzipped in 9 files (budget 150.0 KB)` (KB = 1,024 bytes).
  const line = /^[✔✖] \/login: ([\d.]+) KB gzipped in (\d+) files/m.exec(run.stdout);
  if (!line) {
    const why =
      (run.stderr || run.stdout)
        .trim()
        .split('\n')
        .find((l) => /Error|missing/.test(l)) ?? 'no /login line';
    throw new Error(`scripts/bundle-budget.mjs: ${why}`);
  }
  return [
    {
      metric: 'shell first load (/login JS+CSS, gz)',
      measured: Number(line[1]) * KB,
      unit: 'bytes',
      target: { atMost: 150 * KB },
      note: `${line[2]} files, from the built files`,
    },
  ];
}

export async function benchWarmReload(env: BenchEnv): Promise<Row[]> {
  const [lead] = await env.users(1);
  const board = await env.board(500);
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    await signIn(page, lead!.session);
    const network = await recordNetwork(page);
    const boardPage = `${env.url}/boards/${board.id}`;
    await page.goto(boardPage);
    await page.locator('[data-remote="mf_boards"]').waitFor();
    await page.waitForLoadState('networkidle');
    const cold = bytesOf(network.fetched().filter(isAsset));
    network.clear();

    await page.reload();
    await page.locator('[data-remote="mf_boards"]').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = network.fetched();
    const assets = fetched.filter(isAsset);
    return [
      {
        metric: 'warm reload of a board page (assets on the wire)',
        measured: bytesOf(assets),
        unit: 'bytes',
        target: { atMost: 10 * KB },
        note:
          `${assets.filter((f) => !f.fromCache).length} requests; cold load ${(cold / KB).toFixed(1)} KB; ` +
          `+ ${(bytesOf(fetched.filter((f) => !isAsset(f))) / KB).toFixed(1)} KB of API answers (500-issue board)`,
      },
    ];
  } finally {
    await chromium.close();
  }
}
