import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createServiceApp } from './app';
import { wrapPglite, type Database } from './db';
import { createLogger } from './logger';

// A failing statement reaches the one error path; what it logs names the statement, the
// database's code and message, and none of the values the statement carried.
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

let database: Database;
beforeAll(async () => {
  database = wrapPglite(await PGlite.create());
  await database.db.execute(sql`create table people (email text primary key, name text, password_hash text)`);
});
afterAll(() => database.close());

function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger('test', 'error', sink), lines };
}

function appInserting(person: { email: string; name: string }) {
  const { log, lines } = capturedLogger();
  const app = createServiceApp({ service: 'demo', log });
  app.post('/people', async (c) => {
    await database.db.execute(
      sql`insert into people (email, name, password_hash) values (${person.email}, ${person.name}, ${HASH})`,
    );
    return c.body(null, 201);
  });
  return { app, lines };
}

describe('a failed statement in the log', () => {
  it.each([
    ['a NUL byte the database refuses', { email: 'nul@example.test', name: 'Ada\u0000' }, '22021'],
    ['a unique violation', { email: 'twice@example.test', name: 'Ada' }, '23505'],
  ])('%s: code, message and statement, never the parameters', async (_case, person, code) => {
    if (code === '23505') await appInserting(person).app.request('/people', { method: 'POST' });
    const { app, lines } = appInserting(person);
    const res = await app.request('/people', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error', requestId: res.headers.get('x-request-id') });

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      msg: 'unhandled error',
      path: '/people',
      err: { type: 'DrizzleQueryError', code, message: expect.any(String), query: expect.stringMatching(/^insert/) },
    });
    expect(entry.err.stack).toMatch(/^\s+at /);
    for (const value of [HASH, 'argon2id', person.email, 'params']) expect(lines[0]).not.toContain(value);
  });

  it('keeps what plain errors say, their causes included', async () => {
    const { log, lines } = capturedLogger();
    log.error({ err: new Error('outer', { cause: new Error('inner') }) }, 'failed');
    expect(JSON.parse(lines[0]!).err).toMatchObject({ type: 'Error', message: 'outer', cause: { message: 'inner' } });
  });
});

describe('request ids in the log', () => {
  it('names the request on every line written while it is answered, through the shared logger too', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const log = createLogger('test', 'info', sink);
    const app = createServiceApp({ service: 'demo', log });
    // Domain code keeps the service's logger (a mailer, a rate limiter) and never sees the request.
    const mailer = { send: async () => log.info({ to: 'someone' }, 'mail written') };
    app.post('/register', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mailer.send();
      return c.json({ message: 'Registration failed' }, 400);
    });
    const res = await app.request('/register', {
      method: 'POST',
      // The releases of the remotes the calling page runs.
      headers: { 'x-request-id': 'quoted-7', 'x-remote-versions': 'mf_boards=0.2.0-1a2b3c4d,mf_admin=bundled' },
    });
    expect(res.headers.get('x-request-id')).toBe('quoted-7');
    log.info({ signal: 'SIGTERM' }, 'outside any request');
    log.info('and another');
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string; status?: number });
    expect(entries).toEqual([
      expect.objectContaining({ msg: 'mail written', reqId: 'quoted-7' }),
      // An answer that went wrong is logged at the default level, so a quoted id is found.
      expect.objectContaining({
        msg: 'request answered with an error',
        reqId: 'quoted-7',
        status: 400,
        remoteVersions: 'mf_boards=0.2.0-1a2b3c4d,mf_admin=bundled',
      }),
      expect.not.objectContaining({ reqId: expect.anything() }),
      // A line's fields stay its own (pino merges them into what the mixin returns).
      expect.not.objectContaining({ signal: expect.anything() }),
    ]);
  });
});
