import { createTestPlatform, type Caller, type TestPlatform } from '@trackboard/gateway/src/testing/platform';

describe('boards', () => {
  let t: TestPlatform;
  let admin: Caller;
  let emitted: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestPlatform();
    admin = t.as((await t.admin()).token);
    emitted = jest.spyOn(t.platform.realtime, 'emitBoardUpdated');
  });
  afterAll(() => t.close());

  const givenBoard = async (name = 'Main') => (await admin.post('/api/projects/5/boards', { name })).json();

  it('creates a board under a project and fetches it with its version', async () => {
    const created = await admin.post('/api/projects/5/boards', { name: 'Main' });
    expect(created.status).toBe(201);
    const board = await created.json();
    expect(board).toMatchObject({ name: 'Main', projectId: '5', version: 0 });
    expect(await (await admin.get(`/api/boards/${board.id}`)).json()).toEqual(board);
  });

  it('bumps the version on every change and emits it to the board room', async () => {
    const board = await givenBoard('Sprint');
    const renamed = await (await admin.put(`/api/boards/${board.id}`, { name: 'Sprint 2' })).json();
    expect(renamed).toMatchObject({ name: 'Sprint 2', version: 1 });
    expect(emitted).toHaveBeenCalledWith({ boardId: board.id, version: 1, issues: [], complete: false });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.as().get('/api/boards/1');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });

  it('refuses accounts that are not active with 403', async () => {
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await t.as(pending.token).get('/api/boards/1');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your account is not active.' });
  });

  it('gives someone who may not see the board the same 404 as a missing board', async () => {
    const board = await givenBoard('Private');
    const stranger = t.as((await t.givenUser()).token);
    const hidden = await stranger.get(`/api/boards/${board.id}`);
    const missing = await admin.get('/api/boards/999999');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
  });

  it('names the bad field and writes nothing', async () => {
    const board = await givenBoard('Keep');
    const bad = await admin.put(`/api/boards/${board.id}`, { name: '   ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^name/);
    expect((await admin.post('/api/projects/abc/boards', { name: 'x' })).status).toBe(400);
    expect(await (await admin.get(`/api/boards/${board.id}`)).json()).toMatchObject({ name: 'Keep', version: 0 });
  });
});
