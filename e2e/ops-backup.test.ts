import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BoardDto, ProjectDto, SessionResponse } from '@trackboard/contracts';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';

// npm run backup / npm run restore with real processes: Trackboard embedded on PGlite
// (backed up while it runs, and while it is stopped) and on PostgreSQL (pg_dump). Each test backs
// up, changes the data, restores into an empty folder or database, starts Trackboard on it and
// compares what it serves with what was there at the backup.
jest.setTimeout(300_000);

const root = resolve(__dirname, '..');
const METRICS_TOKEN = 'backup-test-metrics-token';
const scratch = mkdtempSync(join(tmpdir(), 'tb-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run backup` / `npm run restore` as an operator runs them, with this environment. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [`scripts/${name}.mjs`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** What a restored Trackboard must serve as it did: the projects, and each one's first board with its issues. */
async function contents(app: RunningApp, session: SessionResponse) {
  const api = apiOf(app);
  const projects = await api.call<ProjectDto[]>('GET', '/api/projects', undefined, session.token);
  return Promise.all(
    projects.map(async (p) => {
      const board = await api.call<BoardDto>('GET', `/api/boards/${p.boards[0]!.id}`, undefined, session.token);
      return {
        key: p.key,
        name: p.name,
        issues: board.columns.flatMap((c) => c.issues.map((i) => `${c.name}: ${i.title}`)),
      };
    }),
  );
}

async function addProject(app: RunningApp, session: SessionResponse, key: string) {
  const api = apiOf(app);
  const project = await api.createProject(session, `Project ${key}`, key);
  const board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, session.token);
  await api.call(
    'POST',
    '/api/issues',
    { projectId: project.id, columnId: board.columns[0]!.id, title: `First of ${key}` },
    session.token,
  );
}

/** Stops an app with SIGTERM as an operator would, and returns its exit code. */
async function stopGracefully(app: RunningApp): Promise<number | null> {
  const exited = once(app.child, 'exit');
  app.child.kill('SIGTERM');
  const [code] = await exited;
  await app.stop();
  return code as number | null;
}

describe('embedded data (PGlite)', () => {
  it('backs up a running and a stopped Trackboard, and restores either into an empty data folder', async () => {
    const dataDir = join(scratch, 'embedded');
    // No ADMIN_PASSWORD: the first start makes one and prints it, readably (LOG_FORMAT=pretty
    // stands in for a terminal here), on a line of its own.
    const first = await startEmbeddedApp({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: '',
      LOG_FORMAT: 'pretty',
      METRICS_TOKEN,
    });
    const line =
      /^\[\d\d:\d\d:\d\d(?:\.\d+)?\] WARN \(trackboard\): First administrator created: (\S+) with password (\S+) /m.exec(
        first.output(),
      );
    expect(line).not.toBeNull();
    expect(first.output()).not.toMatch(/^\{"level"/m);
    const credentials = { email: line![1]!, password: line![2]! };
    let admin = await apiOf(first).login(credentials.email, credentials.password);

    // Embedded mode serves every service's series on the one /metrics, behind the token.
    expect((await fetch(`${first.url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${first.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(
      /http_request_duration_seconds_count\{service="auth",method="POST",route="\/api\/auth\/login",status="200"\} 1/,
    );

    await addProject(first, admin, 'ALPHA');
    const atBackup = await contents(first, admin);
    const whileRunning = join(scratch, 'running.tar.gz');
    const backup = script('backup', [whileRunning], { DATA_DIR: dataDir });
    expect(backup).toEqual({ status: 0, output: expect.stringContaining('written by the running Trackboard process') });

    await addProject(first, admin, 'BETA');
    const atStop = await contents(first, admin);
    expect(atStop).toHaveLength(2);
    expect(await stopGracefully(first)).toBe(0);
    expect(existsSync(join(dataDir, 'trackboard.lock'))).toBe(false);

    const whileStopped = join(scratch, 'stopped.tar.gz');
    expect(script('backup', [whileStopped], { DATA_DIR: dataDir })).toMatchObject({ status: 0 });
    // A folder that holds data is never overwritten.
    expect(script('restore', [whileRunning], { DATA_DIR: dataDir })).toEqual({
      status: 1,
      output: expect.stringContaining('already holds a database: restore into an empty data folder'),
    });

    for (const [file, expected] of [
      [whileRunning, atBackup],
      [whileStopped, atStop],
    ] as const) {
      const restoredDir = mkdtempSync(join(scratch, 'restored-'));
      expect(script('restore', [file], { DATA_DIR: restoredDir })).toMatchObject({ status: 0 });
      const restored = await startEmbeddedApp({ DATA_DIR: restoredDir, ADMIN_PASSWORD: '' });
      try {
        admin = await apiOf(restored).login(credentials.email, credentials.password);
        expect(await contents(restored, admin)).toEqual(expected);
      } finally {
        await restored.stop();
      }
    }
  });
});

describe('PostgreSQL (DATABASE_URL)', () => {
  it('dumps with pg_dump and restores into an empty database only', async () => {
    const [source, target] = [await scratchDatabase(), await scratchDatabase()];
    try {
      // Embedded mode on PostgreSQL: the same data a split deployment keeps.
      const app = await startEmbeddedApp({ DATABASE_URL: source.url });
      const session = await apiOf(app).login(ADMIN.email, ADMIN.password);
      await addProject(app, session, 'GAMMA');
      const atBackup = await contents(app, session);
      const file = join(scratch, 'postgres.dump');
      expect(script('backup', [file], { DATABASE_URL: source.url })).toMatchObject({ status: 0 });
      await addProject(app, session, 'DELTA');
      expect(await contents(app, session)).toHaveLength(2);
      expect(await stopGracefully(app)).toBe(0);

      expect(script('restore', [file], { DATABASE_URL: source.url })).toEqual({
        status: 1,
        output: expect.stringContaining('the database is not empty: restore into an empty database'),
      });
      expect(script('restore', [file], { DATABASE_URL: target.url })).toMatchObject({ status: 0 });
      const restored = await startEmbeddedApp({ DATABASE_URL: target.url });
      try {
        const again = await apiOf(restored).login(ADMIN.email, ADMIN.password);
        expect(await contents(restored, again)).toEqual(atBackup);
      } finally {
        await restored.stop();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
