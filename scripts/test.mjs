// npm test — everything: typecheck, lint, Prettier's check, unit/service/web suites (service suites also on
// real PostgreSQL when DATABASE_URL is set), a fresh web build and its bundle budgets, then the journeys in real
// processes and Chromium (in band). Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const totals = { passed: 0, failed: 0 };
const started = Date.now();

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  (${title}: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return run.status === 0;
}

function jest(title, args) {
  const out = join(mkdtempSync(join(tmpdir(), 'tb-jest-')), 'result.json');
  const ok = step(title, process.execPath, ['node_modules/jest/bin/jest.js', '--json', `--outputFile=${out}`, ...args]);
  try {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  } catch {
    totals.failed += 1; // jest itself failed before writing results
  }
  return ok;
}

const checks = [];
checks.push([
  'typecheck',
  step('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']),
]);
checks.push([
  'lint',
  step('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']),
]);
checks.push([
  'format',
  step('format (Prettier)', process.execPath, [
    'node_modules/prettier/bin/prettier.cjs',
    '--check',
    '--log-level',
    'warn',
    '.',
  ]),
]);
const projects = ['server', 'web', ...(process.env.DATABASE_URL ? ['server-pg'] : [])];
checks.push(['unit, service and web suites', jest(`jest: ${projects.join(', ')}`, ['--selectProjects', ...projects])]);
const built = step('web build', process.execPath, ['scripts/build-web.mjs']);
checks.push(['web build', built]);
// What /login and a cold /boards/:id download, gzipped, against their budgets (issue #11).
if (built) checks.push(['bundle budget', step('bundle budget', process.execPath, ['scripts/bundle-budget.mjs'])]);
if (built)
  checks.push([
    'journeys',
    jest('jest: e2e (real processes, Redis, Chromium)', ['--selectProjects', 'e2e', '--runInBand']),
  ]);

const failedChecks = checks.filter(([, ok]) => !ok).map(([name]) => name);
console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s. ${failedChecks.length ? `Failed: ${failedChecks.join(', ')}.` : 'All checks passed.'}`,
);
if (failedChecks.length && totals.failed === 0) totals.failed = failedChecks.length;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedChecks.length ? 1 : 0);
