import { sharedProcessesKey, stopShared, type SharedProcesses } from './global-setup';
import { SHARED_ENV } from './shared';

// After the journeys, passed or failed: the shared apps and Chromium servers stop. An app that
// died during the run says why.
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as Record<symbol, unknown>;
  const shared = holder[sharedProcessesKey] as SharedProcesses | undefined;
  delete holder[sharedProcessesKey];
  delete process.env[SHARED_ENV];
  if (!shared) return;
  for (const app of shared.apps)
    if (app.child.exitCode !== null || app.child.signalCode !== null)
      console.error(`the shared app at ${app.url} stopped during the run:\n${app.output()}`);
  await stopShared(shared);
}
