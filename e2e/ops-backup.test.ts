import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPromise, type Entry } from 'yauzl';
import type { AttachmentDto, BoardDto, IssueDto, ProjectDto, SessionResponse } from '@trackboard/contracts';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';

// npm run backup / npm run restore with real processes: Trackboard embedded on PGlite
// (backed up while it runs, and while it is stopped, attachments included; a backup in the older
// format still restores) and on PostgreSQL (pg_dump). Each test backs up, changes the data,
// restores into an empty folder or database, starts Trackboard on it and compares what it serves
// with what was there at the backup.
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

async function addProject(app: RunningApp, session: SessionResponse, key: string): Promise<IssueDto> {
  const api = apiOf(app);
  const project = await api.createProject(session, `Project ${key}`, key);
  const board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, session.token);
  return api.call<IssueDto>(
    'POST',
    '/api/issues',
    { projectId: project.id, columnId: board.columns[0]!.id, title: `First of ${key}` },
    session.token,
  );
}

/** Attaches `bytes` to the issue, as the browser uploads a file. */
async function attach(app: RunningApp, session: SessionResponse, issue: IssueDto, bytes: Buffer) {
  const res = await fetch(`${app.url}/api/issues/${issue.id}/attachments?name=report.bin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AttachmentDto;
}

/** The attachment's bytes as the app serves them. */
async function download(app: RunningApp, session: SessionResponse, id: string): Promise<Buffer> {
  const res = await fetch(`${app.url}/api/attachments/${id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** One entry of a zip, read whole. */
async function entryOf(file: string, name: string): Promise<Buffer> {
  const zip = await openPromise(file, { lazyEntries: true });
  try {
    for (;;) {
      const entry = await new Promise<Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) throw new Error(`${file} holds no ${name}`);
      if (entry.fileName !== name) continue;
      const pieces: Buffer[] = [];
      for await (const piece of await zip.openReadStreamPromise(entry)) pieces.push(piece as Buffer);
      return Buffer.concat(pieces);
    }
  } finally {
    zip.close();
  }
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

    const alpha = await addProject(first, admin, 'ALPHA');
    const report = randomBytes(200_000);
    const attached = await attach(first, admin, alpha, report);
    const atBackup = await contents(first, admin);
    const whileRunning = join(scratch, 'running.zip');
    const backup = script('backup', [whileRunning], { DATA_DIR: dataDir });
    expect(backup).toEqual({ status: 0, output: expect.stringContaining('written by the running Trackboard process') });

    await addProject(first, admin, 'BETA');
    const atStop = await contents(first, admin);
    expect(atStop).toHaveLength(2);
    expect(await stopGracefully(first)).toBe(0);
    expect(existsSync(join(dataDir, 'trackboard.lock'))).toBe(false);

    const whileStopped = join(scratch, 'stopped.zip');
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
        // The attachment came back with the database, byte for byte.
        expect((await download(restored, admin, attached.id)).equals(report)).toBe(true);
      } finally {
        await restored.stop();
      }
    }

    // A backup from before attachments were kept was the database's snapshot alone (a gzip):
    // it still restores.
    const older = join(scratch, 'older.tar.gz');
    writeFileSync(older, await entryOf(whileStopped, 'database.tar.gz'));
    expect(readFileSync(older).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const olderDir = mkdtempSync(join(scratch, 'restored-older-'));
    expect(script('restore', [older], { DATA_DIR: olderDir })).toMatchObject({ status: 0 });
    const fromOlder = await startEmbeddedApp({ DATA_DIR: olderDir, ADMIN_PASSWORD: '' });
    try {
      admin = await apiOf(fromOlder).login(credentials.email, credentials.password);
      expect(await contents(fromOlder, admin)).toEqual(atStop);
    } finally {
      await fromOlder.stop();
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
