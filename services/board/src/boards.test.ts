import { createLogger, type Database } from '@trackboard/server-kit';
import { createTestAuth, openTestDatabase } from '@trackboard/server-kit/src/testing';
import { boardMigrations, createBoardService } from './app';

const log = createLogger('test', 'silent');

describe('boards', () => {
  let database: Database;
  let auth: Awaited<ReturnType<typeof createTestAuth>>;
  let service: ReturnType<typeof createBoardService>;
  const emitted: unknown[] = [];

  beforeAll(async () => {
    database = await openTestDatabase([boardMigrations]);
    auth = await createTestAuth();
    service = createBoardService({ database, log, authenticate: auth.authenticate, allowedOrigins: [] });
    service.realtime.emitBoardUpdated = (event) => void emitted.push(event);
  });
  afterAll(async () => {
    await service.realtime.close();
    await database.close();
  });

  const as = async (user: { isAdmin?: boolean } | null) => {
    const token = user ? await auth.tokenFor({ isAdmin: !!user.isAdmin, role: user.isAdmin ? 'admin' : 'user' }) : null;
    const call = (method: string, path: string, body?: unknown) =>
      service.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    return { get: (p: string) => call('GET', p), post: (p: string, b: unknown) => call('POST', p, b), put: (p: string, b: unknown) => call('PUT', p, b) };
  };

  it('creates a board under a project and fetches it with its version', async () => {
    const admin = await as({ isAdmin: true });
    const created = await admin.post('/api/projects/5/boards', { name: 'Main' });
    expect(created.status).toBe(201);
    const board = await created.json();
    expect(board).toMatchObject({ name: 'Main', projectId: '5', version: 0 });
    expect(await (await admin.get(`/api/boards/${board.id}`)).json()).toEqual(board);
  });

  it('bumps the version on every change and emits it to the board room', async () => {
    const admin = await as({ isAdmin: true });
    const board = await (await admin.post('/api/projects/5/boards', { name: 'Sprint' })).json();
    const renamed = await (await admin.put(`/api/boards/${board.id}`, { name: 'Sprint 2' })).json();
    expect(renamed).toMatchObject({ name: 'Sprint 2', version: 1 });
    expect(emitted).toContainEqual({ boardId: board.id, version: 1, issues: [], complete: false });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await (await as(null)).get('/api/boards/1');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });

  it('gives someone who may not see the board the same 404 as a missing board', async () => {
    const admin = await as({ isAdmin: true });
    const board = await (await admin.post('/api/projects/5/boards', { name: 'Private' })).json();
    const stranger = await as({});
    const hidden = await stranger.get(`/api/boards/${board.id}`);
    const missing = await admin.get('/api/boards/999999');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
  });

  it('names the bad field and writes nothing', async () => {
    const admin = await as({ isAdmin: true });
    const board = await (await admin.post('/api/projects/5/boards', { name: 'Keep' })).json();
    const bad = await admin.put(`/api/boards/${board.id}`, { name: '   ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^name/);
    expect((await admin.post('/api/projects/abc/boards', { name: 'x' })).status).toBe(400);
    expect(await (await admin.get(`/api/boards/${board.id}`)).json()).toMatchObject({ name: 'Keep', version: 0 });
  });
});
