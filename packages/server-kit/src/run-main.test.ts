import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// A process stopped the way a terminal stops a pipeline, or a supervisor that closes the log pipe:
// its output is piped to a parent, the parent lets go of the pipe and is gone, and the process
// group gets SIGTERM. Whatever the process was doing, it is gone within its shutdown limit.
const root = resolve(__dirname, '../../..');
const subject = resolve(__dirname, 'testing/stopping-process.ts');

// The parent: starts the process in a group of its own with its output piped, waits for it to be
// up, lets go of the pipes, signals the group and exits at once, printing the pid it started.
const parent = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(subject)}], {
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  if (!output.includes('"msg":"ready"')) return;
  child.stdout.destroy();
  child.stderr.destroy();
  process.kill(-child.pid, 'SIGTERM');
  process.stdout.write(String(child.pid));
  process.exit(0);
});
`;

/** Whether `pid` runs (a zombie whose parent has gone, not yet reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(-pid, 'SIGKILL');
});

/** Runs the parent with `env` for the process, and answers the process's pid once the parent is gone. */
async function signalledByAParentThatLeaves(env: Record<string, string>): Promise<number> {
  const run = spawn(process.execPath, ['-e', parent], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pid = '';
  run.stdout.on('data', (chunk) => (pid += chunk));
  const [code] = await once(run, 'exit');
  expect(code).toBe(0);
  started.push(Number(pid));
  return Number(pid);
}

/** How long `pid` kept running, up to `maxMs`. */
async function runningFor(pid: number, maxMs: number): Promise<number> {
  const since = Date.now();
  while (isRunning(pid) && Date.now() - since < maxMs) await new Promise((done) => setTimeout(done, 50));
  return Date.now() - since;
}

describe('a process signalled after the reader of its output has gone', () => {
  it('exits: the lines it logs while stopping do not hold it', async () => {
    const pid = await signalledByAParentThatLeaves({});
    expect(await runningFor(pid, 10_000)).toBeLessThan(5_000);
  });

  it('is gone at its shutdown limit even while a cleanup holds the main thread', async () => {
    const pid = await signalledByAParentThatLeaves({ STOP_CLEANUP: 'block', STOP_LIMIT_MS: '2000' });
    expect(await runningFor(pid, 10_000)).toBeLessThan(5_000);
  });
});
