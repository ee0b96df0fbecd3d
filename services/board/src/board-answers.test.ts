import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BoardDto } from '@trackboard/contracts';
import { prepareJson } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { sql } from 'drizzle-orm';
import { createBoardAnswers, type BuiltAnswer } from './domain/board-answers';
import { givenBoard, issuesOf } from './testing/given-board';

// A replica remembers a board's answer (serialized and compressed) for the board's
// version and team, so fetching an unchanged board reads only the access check and the team;
// any write, wherever it was made, and any rename in the team shows on the next fetch.
let t: TestPlatform;
let recording: string[] | null = null;
beforeAll(async () => {
  t = await createTestPlatform({ onQuery: (query) => recording?.push(query) });
});
afterAll(() => t.close());

/** The statements that read a board's issue rows while `action` runs. */
async function issueReads(action: () => Promise<unknown>) {
  recording = [];
  try {
    await action();
    return recording.filter((s) => /row_number\(\) over/i.test(s));
  } finally {
    recording = null;
  }
}

describe('a board fetch', () => {
  it('reads the issue rows once while the board is unchanged, and again after any write', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'first');
    expect(await issueReads(() => g.fetchBoard())).toHaveLength(1);
    expect(await issueReads(() => g.fetchBoard(g.lead.token))).toHaveLength(0);

    const second = await g.addIssue('Done', 'second');
    let board: BoardDto | undefined;
    expect(await issueReads(async () => (board = await g.fetchBoard()))).toHaveLength(1);
    expect(issuesOf(board!).map((i) => i.title)).toEqual(['first', 'second']);
    expect(issuesOf(board!).find((i) => i.id === second.id)?.position).toBe(0);
  });

  it("shows a write made through another replica (it bumped the board's version in its transaction)", async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'before');
    await g.fetchBoard();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update board.issues set title = 'after', version = version + 1 where id = ${Number(issue.id)}`,
      );
      await tx.execute(sql`update board.boards set version = version + 1 where id = ${Number(g.board.id)}`);
    });
    const board = await g.fetchBoard();
    expect(issuesOf(board).map((i) => i.title)).toEqual(['after']);
  });

  it("shows an assignee's new name at once (a rename versions no board)", async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'owned');
    await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { assigneeId: g.member.user.id }));
    expect(issuesOf(await g.fetchBoard())[0]).toMatchObject({ owner: 'Max Member' });
    await t.ok(t.as(g.member.token).put('/api/auth/profile', { name: 'Maxine Member' }));
    const board = await g.fetchBoard();
    expect(issuesOf(board)[0]).toMatchObject({ assigneeId: g.member.user.id, owner: 'Maxine Member' });
    expect(board.users.find((u) => u.id === g.member.user.id)?.name).toBe('Maxine Member');
  });
});

describe('the answer on the wire', () => {
  it('is the same board in brotli, gzip and as it is, with its length and Vary', async () => {
    const g = await givenBoard(t);
    for (const title of ['one', 'two', 'three', 'four', 'five', 'six']) await g.addIssue('To Do', title);
    const fetchAs = (encoding?: string) =>
      t.platform.apps.board.request(`/api/boards/${g.board.id}`, {
        headers: { authorization: `Bearer ${g.member.token}`, ...(encoding && { 'accept-encoding': encoding }) },
      });
    const plain = await fetchAs();
    const json = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    for (const [asked, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await fetchAs(`${asked}, deflate`);
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-encoding')).toBe(asked);
        expect(res.headers.get('content-length')).toBe(String(body.byteLength));
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(decode(body).toString()).toBe(json);
      }
    }
    expect(JSON.parse(json)).toEqual(await g.fetchBoard());
  });
});

describe('the cache itself', () => {
  const built = (issues: number, keep = true) =>
    jest.fn(async (): Promise<BuiltAnswer> => ({ answer: prepareJson({ issues }), issues, keep }));

  it('forgets the least recently fetched boards past its capacity, and keeps no board larger than it', async () => {
    const cache = createBoardAnswers(6);
    const one = built(2);
    const two = built(1);
    const big = built(9);
    await cache.answer(1, 'v0', one);
    await cache.answer(2, 'v0', two);
    await cache.answer(1, 'v0', one); // board 1 fetched last
    await cache.answer(3, 'v0', big);
    await cache.answer(3, 'v0', big);
    expect(big).toHaveBeenCalledTimes(2);
    expect(one).toHaveBeenCalledTimes(1);
    await cache.answer(4, 'v0', built(1)); // 3 + 2 + 2 held: board 2 goes
    await cache.answer(2, 'v0', two);
    expect(two).toHaveBeenCalledTimes(2);
  });

  it('answers from memory only for the same key, and never keeps what it is told not to', async () => {
    const cache = createBoardAnswers();
    const build = built(3);
    const first = await cache.answer(1, 'v5', build);
    expect(await cache.answer(1, 'v5', build)).toBe(first);
    await cache.answer(1, 'v6', build);
    expect(build).toHaveBeenCalledTimes(2);
    const unkept = built(3, false);
    await cache.answer(2, 'v1', unkept);
    await cache.answer(2, 'v1', unkept);
    expect(unkept).toHaveBeenCalledTimes(2);
  });
});
