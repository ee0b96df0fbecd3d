import { rmSync } from 'node:fs';
import type { Config } from '@jest/types';
import type { BrowserServer } from 'playwright-core';
import { startEmbeddedApp, type RunningApp } from './app-process';
import { launchBrowserServer } from './browser';
import { SHARED_ENV, type SharedEndpoint } from './shared';

// Before the journeys: one embedded app and one Chromium per jest worker, shared by every journey
// that needs no configuration of its own (each test makes its own users and projects, so tests do
// not see each other's data). global-teardown.ts stops them; so does the end of this process, if
// jest is interrupted before its teardown.

export type SharedProcesses = { apps: RunningApp[]; browsers: BrowserServer[] };
/** Where the teardown finds them: jest runs both hooks in its own process. */
export const sharedProcessesKey = Symbol.for('trackboard.e2e.shared-processes');

/** Stops whatever was started, each part whatever happens to the others. */
export async function stopShared({ apps, browsers }: SharedProcesses): Promise<void> {
  const stopped = await Promise.allSettled([...apps.map((app) => app.stop()), ...browsers.map((b) => b.close())]);
  const failed = stopped.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed.length)
    throw new Error(`stopping the shared processes: ${failed.map((f) => String(f.reason)).join('; ')}`);
}

export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const workers = Math.max(1, Number(globalConfig.maxWorkers) || 1);
  // The shared app stands behind a pretend proxy (TRUST_PROXY): each test names its own client
  // address in X-Forwarded-For, as different people have different addresses, so the app's
  // per-address limits (20 registrations an hour, 100 logins in 5 minutes) apply to each test
  // rather than to the whole run.
  const appsStarting = Array.from({ length: workers }, () => startEmbeddedApp({ TRUST_PROXY: 'loopback' }));
  const browsersStarting = Array.from({ length: workers }, () => launchBrowserServer());
  const [apps, browsers] = await Promise.all([Promise.allSettled(appsStarting), Promise.allSettled(browsersStarting)]);
  const started: SharedProcesses = {
    apps: apps.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])),
    browsers: browsers.flatMap((b) => (b.status === 'fulfilled' ? [b.value] : [])),
  };
  const failures = [...apps, ...browsers].filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failures.length) {
    // Jest runs no teardown after a failed setup: stop here what did start.
    await stopShared(started).catch(() => undefined);
    throw new Error(`the shared journey processes did not start:\n${failures.map((f) => String(f.reason)).join('\n')}`);
  }

  // Jest interrupted (Ctrl-C) or exiting without its teardown: no app left running. (Playwright
  // closes the browsers it launched on its own.)
  process.once('exit', () => {
    for (const app of started.apps) {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  });
  (globalThis as Record<symbol, unknown>)[sharedProcessesKey] = started;
  const endpoints: SharedEndpoint[] = started.apps.map((app, i) => ({
    url: app.url,
    dataDir: app.dataDir,
    wsEndpoint: started.browsers[i]!.wsEndpoint(),
  }));
  process.env[SHARED_ENV] = JSON.stringify(endpoints);
}
