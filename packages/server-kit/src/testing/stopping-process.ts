// A process that stops as every entry point does (onShutdown, as runMain sets it up), logging JSON
// lines to whatever its stdout is: what run-main.test.ts signals. STOP_LIMIT_MS shortens the
// shutdown limit; STOP_CLEANUP=block makes its one cleanup hold the main thread for good, as a
// synchronous write to a pipe nobody reads does.
import { createLifecycle } from '../lifecycle';
import { createLogger } from '../logger';
import { onShutdown } from '../serve';

const log = createLogger('stopping-process', 'info');
const blockForGood = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
onShutdown(
  log,
  process.env.STOP_CLEANUP === 'block' ? [blockForGood] : [],
  createLifecycle(),
  Number(process.env.STOP_LIMIT_MS) || undefined,
);
// Nothing else keeps the event loop alive: the process waits here for its signal.
setInterval(() => undefined, 60_000);
log.info('ready');
