import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import type { BoardUpdatedEvent } from '@trackboard/contracts';
import { createLogger } from '@trackboard/server-kit';
import { startEmbedded, type Embedded } from './embedded';

const log = createLogger('test', 'silent');

describe('embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-embedded-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_ROOT: dataDir,
    ADMIN_EMAIL: 'boss@example.test',
    ADMIN_PASSWORD: 'boss-password',
  };
  let app: Embedded;
  let starting: Promise<Embedded> | undefined;
  let adminToken: string;

  // A first start on an empty data folder creates and migrates its database (seconds alone, several
  // times that beside a full run's other workers): its own limit, and a start that outlives it is
  // still closed below, so no running platform keeps jest alive.
  beforeAll(async () => {
    app = await (starting = startEmbedded(env, log));
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    adminToken = (await login.json()).token;
  }, 120_000);
  afterAll(async () => {
    const started = await starting?.catch(() => undefined);
    await (app ?? started)?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${app.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', ...init.headers },
    });

  it('mounts all five services behind one port', async () => {
    for (const service of ['auth', 'project', 'board', 'admin', 'notification']) {
      expect(await (await fetch(`${app.url}/api/health/${service}`)).json()).toEqual({ status: 'ok', service });
    }
    expect(await (await fetch(`${app.url}/health`)).json()).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('serves where each remote lives', async () => {
    const manifest = await (await fetch(`${app.url}/remotes.json`)).json();
    expect(manifest.remotes.map((r: { name: string }) => r.name).sort()).toEqual([
      'mf_admin',
      'mf_boards',
      'mf_projects',
    ]);
  });

  it('tells the web app its name and support contact', async () => {
    expect(await (await fetch(`${app.url}/app-config.json`)).json()).toEqual({
      name: 'Trackboard',
      provider: 'Trackboard',
      supportEmail: 'admin@trackboard.local',
    });
  });

  it('refuses a second process on the same data folder', async () => {
    await expect(startEmbedded(env, log)).rejects.toThrow(/in use by process/);
  });

  /** A project's first board (a board belongs to a project that exists). */
  const givenBoard = async (key: string) =>
    (await (await api('/api/projects', { method: 'POST', body: JSON.stringify({ name: key, key }) })).json()).boards[0];

  it('carries board updates over its in-memory realtime', async () => {
    const board = await givenBoard('LIVE');
    const socket = io(app.url, { transports: ['websocket'], auth: { token: adminToken }, reconnection: false });
    try {
      expect(await socket.emitWithAck('join_board_room', `board_${board.id}`)).toEqual({ ok: true });
      const next = new Promise<BoardUpdatedEvent>((resolve) => socket.once('board_updated', resolve));
      await api(`/api/boards/${board.id}`, { method: 'PUT', body: '{"name":"Live 2"}' });
      expect(await next).toMatchObject({ boardId: board.id, version: 1 });
    } finally {
      socket.disconnect();
    }
  });

  it('keeps its data across a restart', async () => {
    const board = await givenBoard('DURABLE');
    await app.close();
    app = await startEmbedded(env, log);
    expect(await (await api(`/api/boards/${board.id}`)).json()).toMatchObject({ name: 'DURABLE Board' });
  });
});
