import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { BoardDto, BoardUpdatedEvent, JoinAck, MoveResult, SessionResponse } from '@trackboard/contracts';
import { generateKeyPair } from '@trackboard/server-kit';
import { startSplit, type Split, type SplitProcess } from '../gateway/src/split-launcher';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';
import { splitTestEnv } from './support/split-env';
import { until } from './support/poll';
import { freePortRange } from './support/ports';

// Split mode for real: gateway, auth, project, admin and two board replicas as separate
// processes on PostgreSQL and Redis. A board room must span both replicas.
describe('split mode: board rooms across replicas', () => {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'tb-split-'));
  const ADMIN = { email: 'admin@split.test', password: 'split-admin-password' };
  let split: Split;
  let dropDatabase: () => Promise<void>;
  let api: ReturnType<typeof apiOf>;
  let replicaA: SplitProcess;
  let replicaB: SplitProcess;
  let lead: SessionResponse & { email: string };
  let member: SessionResponse & { email: string };
  let outsider: SessionResponse;
  let board: BoardDto;
  const sockets: Socket[] = [];

  /** A socket straight to `url` (a replica, or the gateway). */
  const connect = (url: string, token: string, extraHeaders?: Record<string, string>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, extraHeaders });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const join = (socket: Socket, boardId: string) =>
    socket.emitWithAck('join_board_room', `board_${boardId}`) as Promise<JoinAck>;
  const record = (socket: Socket) => {
    const events: BoardUpdatedEvent[] = [];
    socket.on('board_updated', (e: BoardUpdatedEvent) => events.push(e));
    return events;
  };
  /** A request straight to one replica, bypassing the gateway. */
  const onReplica = async <T>(
    replica: SplitProcess,
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<T> => {
    const res = await fetch(`${replica.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    const database = await scratchDatabase();
    dropDatabase = database.drop;
    const base = await freePortRange(7);
    split = await startSplit({
      env: splitTestEnv({ databaseUrl: database.url, keys, dataDir, admin: ADMIN }),
      gatewayPort: base,
      basePort: base + 1,
      boardReplicas: 2,
      stdio: 'ignore',
    });
    [replicaA, replicaB] = split.processes.filter((p) => p.name.startsWith('board-')) as [SplitProcess, SplitProcess];
    api = apiOf({ url: split.url, dataDir });
    const admin = await api.login(ADMIN.email, ADMIN.password);
    [lead, member, outsider] = [
      await api.activeUser(admin, 'Lead'),
      await api.activeUser(admin, 'Member'),
      await api.activeUser(admin, 'Outsider'),
    ];
    const project = await api.createProject(lead, 'Split', 'SPLIT');
    await api.addMember(lead, 'SPLIT', member.email);
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    for (const title of ['one', 'two', 'three']) {
      await api.call(
        'POST',
        '/api/issues',
        { projectId: project.id, columnId: board.columns[0]!.id, title },
        lead.token,
      );
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await split?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a change made on either replica to clients on both, through the gateway’s /socket.io', async () => {
    // The gateway hands websocket upgrades to the board replicas in turn.
    const [first, second] = [await connect(split.url, lead.token), await connect(split.url, lead.token)];
    for (const socket of [first!, second!]) expect(await join(socket, board.id)).toEqual({ ok: true });
    const [atFirst, atSecond] = [record(first!), record(second!)];
    // One change made directly on each replica: whichever replica a client sits on, one of
    // the two events had to cross Redis to reach it.
    for (const [i, replica] of [replicaA, replicaB].entries())
      await onReplica(replica, 'PUT', `/api/boards/${board.id}`, lead.token, { name: `Renamed ${i}` });
    await until(() => atFirst.length === 2 && atSecond.length === 2, { what: 'both events on both sockets' });
    for (const events of [atFirst, atSecond]) {
      expect(events.every((e) => e.boardId === board.id && e.columnsChanged)).toBe(true);
      expect(events[1]!.version).toBe(events[0]!.version + 1);
    }
  });

  it('sends a move made through replica A to a client on replica B with the new version and only the moved issue', async () => {
    const watcher = await connect(replicaB.url, member.token);
    expect(await join(watcher, board.id)).toEqual({ ok: true });
    const heard = record(watcher);
    const current = await api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, lead.token);
    const moving = current.columns[0]!.issues[0]!;
    const result = await onReplica<MoveResult>(replicaA, 'PUT', `/api/issues/${moving.id}/position`, lead.token, {
      sourceColumnId: current.columns[0]!.id,
      destinationColumnId: current.columns[2]!.id,
      position: 0,
      boardId: board.id,
    });
    await until(() => heard.length === 1, { what: 'the move event' });
    expect(heard[0]).toMatchObject({ boardId: board.id, version: result.version, complete: false });
    expect(heard[0]!.issues).toEqual([
      expect.objectContaining({ id: moving.id, columnId: current.columns[2]!.id, status: 'DONE', position: 0 }),
    ]);
  });

  it('refuses a room join for a board the user may not see', async () => {
    const stranger = await connect(split.url, outsider.token);
    expect(await join(stranger, board.id)).toEqual({ ok: false, message: 'Board not found' });
    expect(await stranger.emitWithAck('join_board_room', 'not-a-room')).toEqual({
      ok: false,
      message: 'Board not found',
    });
  });

  it('stops sending to a member as soon as they are removed from the project', async () => {
    const [leadSocket, memberSocket] = [
      await connect(replicaA.url, lead.token),
      await connect(replicaB.url, member.token),
    ];
    for (const s of [leadSocket, memberSocket]) expect(await join(s, board.id)).toEqual({ ok: true });
    const [leadHeard, memberHeard] = [record(leadSocket), record(memberSocket)];
    await api.call('DELETE', `/api/projects/SPLIT/members/${member.user.id}`, undefined, lead.token);
    // The removal travels over Redis to every replica; from then on the member hears nothing.
    let cutOff = false;
    for (let attempt = 0; attempt < 20 && !cutOff; attempt++) {
      const { version } = await onReplica<BoardDto>(replicaA, 'PUT', `/api/boards/${board.id}`, lead.token, {
        name: `After removal ${attempt}`,
      });
      await until(() => leadHeard.some((e) => e.version === version), { what: `version ${version} at the lead` });
      // Time is the subject: an event that must not arrive is given a moment to arrive (the
      // member's copy would come through the same Redis message as the lead's).
      await new Promise((r) => setTimeout(r, 100));
      cutOff = !memberHeard.some((e) => e.version === version);
    }
    expect(cutOff).toBe(true);
    expect(await join(memberSocket, board.id)).toEqual({ ok: false, message: 'Board not found' });
  });

  it('refuses a socket without a valid token, from an account not yet active, or from a foreign origin', async () => {
    await expect(connect(split.url, 'forged')).rejects.toThrow('Invalid or expired token');
    const pending = await api.call<SessionResponse>('POST', '/api/auth/register', {
      name: 'Pending',
      email: `p${Date.now()}@split.test`,
      password: 'quiet harbour lantern',
    });
    await expect(connect(split.url, pending.token)).rejects.toThrow('Your account is not active.');
    await expect(connect(split.url, lead.token, { origin: 'http://evil.example' })).rejects.toThrow();
  });
});
