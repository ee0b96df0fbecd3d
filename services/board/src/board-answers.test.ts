import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BoardDto, ColumnDto, IssueDto, LabelDto } from '@trackboard/contracts';
import { createLogger, createMemoryEventBus, createServiceClient, systemClock } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { sql } from 'drizzle-orm';
import { createBoardApp } from './app';
import { createBoardAnswers } from './domain/board-answers';
import { givenBoard, issuesOf, type GivenBoard } from './testing/given-board';

// A replica keeps each board's cards and applies to them every change its board room hears, so
// fetching a board after a change reads the board around them (columns, labels) but not its
// issue rows; a change it never heard (a version gap) reads them again. The reference is a
// second replica over the same database that hears nothing (no Redis): each of its fetches after
// a change reads the whole board.
let t: TestPlatform;
let recording: string[] | null = null;
let reference: ReturnType<typeof createBoardApp>;
beforeAll(async () => {
  t = await createTestPlatform({ onQuery: (query) => recording?.push(query) });
  reference = createBoardApp({
    database: t.database,
    log: createLogger('test', 'silent'),
    authenticate: t.platform.authenticate,
    events: createMemoryEventBus(createLogger('test', 'silent')),
    allowedOrigins: [],
    clock: systemClock,
    projectService: createServiceClient((request) => t.platform.apps.project.fetch(request)),
    attachments: t.attachments,
  });
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

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

/** The board as a replica that read all of it answers. */
async function readWhole(g: GivenBoard): Promise<BoardDto> {
  const res = await reference.app.request(`/api/boards/${g.board.id}`, {
    headers: { authorization: `Bearer ${g.member.token}` },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<BoardDto>;
}

describe('a board fetch', () => {
  it('after a change, answers from the cards it keeps without reading the issue rows', async () => {
    const g = await givenBoard(t); // made, then fetched once: its issue rows were read
    await g.addIssue('To Do', 'first');
    expect(await issueReads(() => g.fetchBoard())).toHaveLength(0);
    expect(await issueReads(() => g.fetchBoard(g.lead.token))).toHaveLength(0);

    const second = await g.addIssue('Done', 'second');
    let board: BoardDto | undefined;
    expect(await issueReads(async () => (board = await g.fetchBoard()))).toHaveLength(0);
    expect(issuesOf(board!).map((i) => i.title)).toEqual(['first', 'second']);
    expect(issuesOf(board!).find((i) => i.id === second.id)?.position).toBe(0);
    expect(board).toEqual(await readWhole(g));
  });

  it('reads the issue rows again after a change it never heard (a version gap)', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'before');
    await g.fetchBoard();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update board.issues set title = 'after', version = version + 1 where id = ${Number(issue.id)}`,
      );
      await tx.execute(sql`update board.boards set version = version + 1 where id = ${Number(g.board.id)}`);
    });
    let board: BoardDto | undefined;
    expect(await issueReads(async () => (board = await g.fetchBoard()))).toHaveLength(1);
    expect(issuesOf(board!).map((i) => i.title)).toEqual(['after']);
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

describe('the cards a replica keeps', () => {
  it('follow every kind of change to the board exactly as a read of the whole board answers it', async () => {
    const g = await givenBoard(t);
    const as = t.as(g.member.token);
    const lead = t.as(g.lead.token);
    const titles = ['one', 'two', 'three', 'four', 'five'];
    const todo: IssueDto[] = [];
    for (const title of titles) todo.push(await g.addIssue('To Do', title));
    const doing = await g.addIssue('In Progress', 'six');
    await g.fetchBoard();

    const move = (issue: IssueDto, from: string, to: string, position: number) =>
      t.ok(
        as.put(`/api/issues/${issue.id}/position`, {
          sourceColumnId: g.column(from).id,
          destinationColumnId: g.column(to).id,
          position,
          boardId: g.board.id,
        }),
      );
    /** A change answered with no body (204). */
    const done = async (res: Promise<Response>) => expect((await res).status).toBe(204);
    let label: LabelDto | undefined;
    let review: ColumnDto | undefined;
    // Each change, and whether the kept answer may read the issue rows after it (columns changed).
    const changes: [string, () => Promise<unknown>, { reads?: boolean }?][] = [
      ['a move within a column', () => move(todo[4]!, 'To Do', 'To Do', 0)],
      ['a move to another column (its status follows)', () => move(todo[0]!, 'To Do', 'Done', 0)],
      ['a move back, between two cards', () => move(todo[0]!, 'Done', 'To Do', 2)],
      [
        'an edit of several fields',
        () =>
          t.ok(
            as.patch(`/api/issues/${todo[1]!.id}`, {
              title: 'two, edited',
              description: '- [ ] a\n- [x] b',
              priority: 'HIGH',
              assigneeId: g.lead.user.id,
              dueDate: '2027-01-31',
            }),
          ),
      ],
      ['a task ticked', () => t.ok(as.put(`/api/issues/${todo[1]!.id}/tasks/0`, { checked: true, text: 'a' }))],
      [
        'a label made and put on two issues',
        async () => {
          label = await t.ok<LabelDto>(lead.post(`/api/boards/${g.board.id}/labels`, { name: 'bug', color: 'red' }));
          await t.ok(as.post('/api/issues/bulk', { ids: [todo[2]!.id, doing.id], set: { labelIds: [label.id] } }));
        },
      ],
      ['the label renamed', () => t.ok(lead.patch(`/api/labels/${label!.id}`, { name: 'defect' }))],
      ['a comment', () => t.ok(as.post(`/api/issues/${todo[3]!.id}/comments`, { body: 'Looks right' }))],
      ['a sub-issue', () => t.ok(as.put(`/api/issues/${todo[3]!.id}/parent`, { parentId: doing.id }))],
      ['the sub-issue finished', () => move(todo[3]!, 'To Do', 'Done', 0)],
      [
        'a blocking link',
        () => t.ok(as.post(`/api/issues/${todo[2]!.id}/relations`, { type: 'blocks', issueKey: doing.key })),
      ],
      [
        'a file attached',
        () => t.ok(as.post(`/api/issues/${todo[4]!.id}/attachments?name=notes.txt`, new TextEncoder().encode('notes'))),
      ],
      [
        'a bulk edit',
        () => t.ok(as.post('/api/issues/bulk', { ids: [todo[2]!.id, todo[4]!.id], set: { priority: 'LOW' } })),
      ],
      ['an issue deleted', () => done(lead.delete(`/api/issues/${todo[2]!.id}`))],
      ['the label deleted', () => done(lead.delete(`/api/labels/${label!.id}`))],
      ['the issue restored', () => t.ok(lead.post(`/api/issues/${todo[2]!.id}/restore`))],
      ['a new issue', () => g.addIssue('In Progress', 'seven')],
      // Its room is told to fetch the board again, as for a change of columns.
      [
        'the board renamed',
        () => t.ok(lead.put(`/api/boards/${g.board.id}`, { name: 'Renamed board' })),
        { reads: true },
      ],
      [
        'a column added',
        async () =>
          (review = await t.ok<ColumnDto>(lead.post(`/api/boards/${g.board.id}/columns`, { name: 'Review' }))),
        { reads: true },
      ],
      [
        'a move into it',
        () =>
          t.ok(
            as.put(`/api/issues/${doing.id}/position`, {
              sourceColumnId: g.column('In Progress').id,
              destinationColumnId: review!.id,
              position: 0,
              boardId: g.board.id,
            }),
          ),
      ],
    ];
    for (const [what, change, { reads = false } = {}] of changes) {
      await change();
      let kept: BoardDto | undefined;
      const reading = await issueReads(async () => (kept = await g.fetchBoard()));
      expect({ what, reads: reading.length > 0 }).toEqual({ what, reads });
      expect({ what, board: kept }).toEqual({ what, board: await readWhole(g) });
    }
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
      // The first at the quick levels, the next ones at the usual ones once made.
      for (let i = 0; i < 3; i++) {
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
  const issue = (id: number, rank: string, columnId = '1'): IssueDto =>
    ({ id: String(id), boardId: '7', columnId, rank, position: 0, assigneeId: null, title: `#${id}` }) as IssueDto;
  const frame = (version: number) =>
    ({
      id: '7',
      version,
      columns: [{ id: '1', name: 'To Do', position: 0, wipLimit: null, issues: [] }],
      users: [],
    }) as never;
  /** A board whose issue rows are `rows` when read. */
  const source = (version: number, rows: IssueDto[], reads = { count: 0 }) => ({
    version,
    teamKey: 'team',
    issues: async () => (reads.count++, rows),
    frame: async (v: number) => frame(v),
  });
  const cards = async (answer: Promise<{ bytes: Uint8Array }>) => {
    const board = JSON.parse(Buffer.from((await answer).bytes).toString()) as BoardDto;
    return { version: board.version, ids: issuesOf(board).map((i) => [i.id, i.position]) };
  };
  const changed = (version: number, issues: IssueDto[], extra = {}) => ({
    boardId: '7',
    version,
    issues,
    complete: false,
    ...extra,
  });

  it('applies changes heard out of order once the one before them arrives, and reads again after a gap', async () => {
    const answers = createBoardAnswers();
    const reads = { count: 0 };
    await answers.answer(7, source(1, [issue(1, 'a0'), issue(2, 'a1')], reads));
    answers.heard(changed(3, [issue(3, 'Zz')]));
    answers.heard(changed(2, [issue(1, 'a2')]));
    expect(await cards(answers.answer(7, source(3, [], reads)))).toEqual({
      version: 3,
      ids: [
        ['3', 0],
        ['2', 1],
        ['1', 2],
      ],
    });
    expect(reads.count).toBe(1);
    answers.heard(changed(5, [issue(4, 'a3')])); // 4 never arrives
    expect(await cards(answers.answer(7, source(5, [issue(4, 'a0')], reads)))).toEqual({ version: 5, ids: [['4', 0]] });
    expect(reads.count).toBe(2);
  });

  it('applies the changes heard while it reads, and reads again after columns change', async () => {
    const answers = createBoardAnswers();
    const reads = { count: 0 };
    const during = source(1, [issue(1, 'a0')], reads);
    during.issues = async () => {
      answers.heard(changed(2, [], { removedIssueIds: ['1'] }));
      reads.count++;
      return [issue(1, 'a0')];
    };
    expect(await cards(answers.answer(7, during))).toEqual({ version: 2, ids: [] });
    answers.heard(changed(3, [], { columnsChanged: true }));
    await answers.answer(7, source(3, [issue(2, 'a0')], reads));
    expect(reads.count).toBe(2);
  });

  it('reads the board again after a change its cards cannot take, which still reaches its room', async () => {
    const answers = createBoardAnswers();
    const reads = { count: 0 };
    await answers.answer(7, source(1, [issue(1, 'a0')], reads));
    const shapeless = { id: '2', columnId: '1', boardId: '7', rank: 'a1' } as IssueDto; // no position
    expect(() => answers.heard(changed(2, [shapeless]))).not.toThrow();
    expect(await cards(answers.answer(7, source(2, [issue(1, 'a0'), issue(2, 'a1')], reads)))).toEqual({
      version: 2,
      ids: [
        ['1', 0],
        ['2', 1],
      ],
    });
    expect(reads.count).toBe(2);
  });

  it('forgets the least recently fetched boards past its capacity, and keeps no board larger than it', async () => {
    const answers = createBoardAnswers(6);
    const reads = new Map<number, { count: number }>();
    const fetch = (boardId: number, size: number) => {
      if (!reads.has(boardId)) reads.set(boardId, { count: 0 });
      return answers.answer(
        boardId,
        source(
          1,
          Array.from({ length: size }, (_, i) => issue(i + 1, `a${i}`)),
          reads.get(boardId),
        ),
      );
    };
    await fetch(1, 2);
    await fetch(2, 1);
    await fetch(1, 2); // board 1 fetched last
    await fetch(3, 9);
    await fetch(3, 9);
    expect(reads.get(3)!.count).toBe(2);
    expect(reads.get(1)!.count).toBe(1);
    await fetch(4, 1); // 3 + 2 + 2 held: board 2 goes
    await fetch(2, 1);
    expect(reads.get(2)!.count).toBe(2);
  });
});
