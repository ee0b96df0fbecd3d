// npm test — everything CI runs: the prerequisites (PostgreSQL, Redis, Chromium: installed and
// started when missing, as root on Debian), the typecheck, lint, Prettier's check, the server and
// web suites (the SQL-engine suites, `*.db.test.ts`, again on PostgreSQL), a fresh web build and
// its bundle budgets, then the journeys. Ends with the time of each step, the slowest test files
// and one "N passed, N failed" line.
//
// One part alone: `node scripts/test.mjs unit|server|web|e2e` (npm run test:<part>);
// `--repeat N` runs the journeys N times in a row (finding a flake).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrerequisites } from './test-prerequisites.mjs';

const args = process.argv.slice(2);
const part = args.find((a) => !a.startsWith('--')) ?? 'all';
const repeatAt = args.indexOf('--repeat');
const repeat = repeatAt >= 0 ? Number(args[repeatAt + 1]) : 1;
const parts = {
  // What needs no running server: the service suites on PGlite (a Redis suite starts its own
  // redis-server when REDIS_URL is unset) and the web suites.
  unit: { projects: ['server', 'web'], needs: ['kubectl'] },
  server: { projects: ['server', 'server-pg'], needs: ['database', 'redis', 'kubectl'] },
  web: { projects: ['web'], needs: [] },
  e2e: { projects: [], e2e: true, needs: ['database', 'redis', 'chromium', 'haproxy', 'pgbouncer'] },
  all: {
    checks: true,
    projects: ['server', 'web', 'server-pg'],
    e2e: true,
    needs: ['database', 'redis', 'chromium', 'kubectl', 'haproxy', 'pgbouncer'],
  },
};
const chosen = parts[part];
if (!chosen || !(repeat >= 1)) {
  console.error(`usage: node scripts/test.mjs [${Object.keys(parts).join('|')}] [--repeat N]`);
  process.exit(2);
}
// Jest's default is one worker per core but one; two measured faster on 2 cores (README "Testing").
const workers = process.env.TEST_WORKERS ?? '2';
const e2eWorkers = process.env.TEST_E2E_WORKERS ?? '2';

const started = Date.now();
const totals = { passed: 0, failed: 0 };
const timings = [];
const files = [];
const failedSteps = [];

/** Runs one command, its output shown as it comes; resolves to whether it succeeded. */
function run(command, commandArgs, { done } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit' });
    let watchdog;
    if (done) {
      // Jest writes its results, then exits once nothing keeps its event loop alive: a handle a
      // test left open would hold the whole run until CI's limit. A run that has written its
      // results and is still alive a minute later is stopped and counts as failed.
      let finishedAt = 0;
      watchdog = setInterval(() => {
        if (!finishedAt && done()) finishedAt = Date.now();
        if (finishedAt && Date.now() - finishedAt > 60_000) {
          console.error('\n✖ jest finished its tests but did not exit (an open handle): stopped it.');
          child.kill('SIGKILL');
        }
      }, 1_000);
    }
    child.on('exit', (code) => {
      clearInterval(watchdog);
      resolve(code === 0);
    });
  });
}

async function step(title, command, commandArgs, options) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  const ok = await run(command, commandArgs, options);
  const seconds = (Date.now() - t0) / 1000;
  timings.push([title, seconds, ok]);
  console.log(`  (${title}: ${seconds.toFixed(1)} s${ok ? '' : ', failed'})`);
  if (!ok) failedSteps.push(title);
  return ok;
}

async function jest(title, jestArgs) {
  const out = join(mkdtempSync(join(tmpdir(), 'tb-jest-')), 'result.json');
  const ok = await step(
    title,
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--json', `--outputFile=${out}`, ...jestArgs],
    { done: () => existsSync(out) },
  );
  try {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    for (const file of result.testResults)
      files.push([file.name.replace(`${process.cwd()}/`, ''), (file.endTime - file.startTime) / 1000]);
  } catch {
    totals.failed += 1; // jest itself failed before writing results
  }
  return ok;
}

const node = (script, ...rest) => [process.execPath, [script, ...rest]];

if (chosen.needs.length) {
  console.log(`▶ prerequisites (${chosen.needs.join(', ')})`);
  const t0 = Date.now();
  await ensurePrerequisites(chosen.needs);
  timings.push(['prerequisites', (Date.now() - t0) / 1000, true]);
}
if (!process.env.DATABASE_URL) chosen.projects = chosen.projects.filter((p) => p !== 'server-pg');

if (chosen.checks) {
  await step('typecheck', ...node('node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'));
  await step('lint', ...node('node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'));
  await step(
    'format (Prettier)',
    ...node('node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'),
  );
}
if (chosen.projects.length)
  await jest(`jest: ${chosen.projects.join(', ')}`, [
    '--selectProjects',
    ...chosen.projects,
    `--maxWorkers=${workers}`,
  ]);
if (chosen.e2e) {
  const built = await step('web build', ...node('scripts/build-web.mjs'));
  // What /login and a cold /boards/:id download, gzipped, against their budgets.
  if (built) await step('bundle budget', ...node('scripts/bundle-budget.mjs'));
  if (built)
    for (let i = 1; i <= repeat; i++)
      await jest(`jest: e2e${repeat > 1 ? ` (run ${i} of ${repeat})` : ''}`, [
        '--selectProjects',
        'e2e',
        `--maxWorkers=${e2eWorkers}`,
      ]);
}

const table = (rows) => rows.map(([name, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`).join('\n');
console.log(`\nTime per step:\n${table(timings)}`);
console.log(`\nSlowest test files:\n${table(files.sort((a, b) => b[1] - a[1]).slice(0, 20))}`);
console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s. ${failedSteps.length ? `Failed: ${failedSteps.join(', ')}.` : 'All checks passed.'}`,
);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
