import { io } from 'socket.io-client';
import type { BoardUpdatedEvent } from '@trackboard/contracts';
import { createLogger } from '@trackboard/server-kit';
import { startEmbedded } from './embedded';
import { embeddedSuite } from './testing/embedded-suite';

const log = createLogger('test', 'silent');

describe('embedded mode', () => {
  const embedded = embeddedSuite({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'boss-password' }, log);
  const env = embedded.config;
  let adminToken: string;

  beforeAll(async () => {
    const login = await fetch(`${embedded.app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    adminToken = (await login.json()).token;
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${embedded.app.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', ...init.headers },
    });

  it('mounts all five services behind one port', async () => {
    for (const service of ['auth', 'project', 'board', 'admin', 'notification']) {
      expect(await (await fetch(`${embedded.app.url}/api/health/${service}`)).json()).toEqual({
        status: 'ok',
        service,
      });
    }
    expect(await (await fetch(`${embedded.app.url}/health`)).json()).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('serves where each remote lives', async () => {
    const manifest = await (await fetch(`${embedded.app.url}/remotes.json`)).json();
    expect(manifest.remotes.map((r: { name: string }) => r.name).sort()).toEqual([
      'mf_admin',
      'mf_boards',
      'mf_projects',
    ]);
  });

  it('tells the web app its name and support contact: the first administrator unless SUPPORT_EMAIL says otherwise', async () => {
    expect(await (await fetch(`${embedded.app.url}/app-config.json`)).json()).toEqual({
      name: 'Trackboard',
      provider: 'Trackboard',
      supportEmail: 'boss@example.test',
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
    const socket = io(embedded.app.url, {
      transports: ['websocket'],
      auth: { token: adminToken },
      reconnection: false,
    });
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
    await embedded.restart();
    expect(await (await api(`/api/boards/${board.id}`)).json()).toMatchObject({ name: 'DURABLE Board' });
  });
});
