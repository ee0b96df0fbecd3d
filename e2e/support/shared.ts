// What global-setup.ts hands the jest workers: one embedded app and one Chromium server per
// worker, by JEST_WORKER_ID, in an environment variable (the workers are started after the
// global setup and inherit its environment; a run in band reads it in the same process).

/** The environment variable holding the list of shared endpoints (JSON). */
export const SHARED_ENV = 'TRACKBOARD_E2E_SHARED';

/** The app the journeys without a configuration of their own share: its address and data folder (mail). */
export type SharedApp = { url: string; dataDir: string };
export type SharedEndpoint = SharedApp & { wsEndpoint: string };

/** This worker's app and Chromium. */
export function sharedEndpoint(): SharedEndpoint {
  const listed = process.env[SHARED_ENV];
  if (!listed)
    throw new Error(
      `${SHARED_ENV} is not set: the journeys share processes that e2e/support/global-setup.ts starts; run them as jest's "e2e" project (jest --selectProjects e2e)`,
    );
  const all = JSON.parse(listed) as SharedEndpoint[];
  // Jest numbers its workers from 1 (a run in band is worker 1).
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return all[(worker - 1) % all.length]!;
}
