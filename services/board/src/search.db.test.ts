import { sql } from 'drizzle-orm';
import type { IssueDto, SearchResult } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { searchTerms } from './domain/search-terms';
import { givenBoard, givenBoardPeople, type GivenBoard } from './testing/given-board';

// Search: GET /api/search?q=&limit= through the gateway's route table — issues and
// projects the caller may see, an exact key first, then full text by rank; bad input is a 400
// naming the field, and no text makes a 500.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const search = (token: string | undefined, q: string | null, limit?: number | string) => {
  const params = new URLSearchParams();
  if (q !== null) params.set('q', q);
  if (limit !== undefined) params.set('limit', String(limit));
  return t.as(token).get(`/api/search?${params}`);
};
const found = (token: string, q: string, limit?: number) => t.ok<SearchResult>(search(token, q, limit));
const keysFound = async (token: string, q: string) => (await found(token, q)).issues.map((i) => i.key);
/** A search with more parameters than the text (offset, project, board, recent). */
const searchWith = (token: string, params: Record<string, string>) =>
  t.as(token).get(`/api/search?${new URLSearchParams(params)}`);
const keysWith = async (token: string, params: Record<string, string>) =>
  (await t.ok<SearchResult>(searchWith(token, params))).issues.map((i) => i.key);

async function describeIssue(g: GivenBoard, issue: IssueDto, description: string) {
  return t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { description }));
}

let bulkNumbers = 1000;
/**
 * `count` issues written straight into the table (a thousand through the API would take a minute),
 * numbered from 1001 on so they never take a number the API hands out; `{n}` in a text is the number.
 */
async function givenBulkIssues(g: GivenBoard, count: number, title: string, description: string) {
  const first = bulkNumbers + 1;
  bulkNumbers += count;
  await t.database.db.execute(sql`
    insert into board.issues (board_id, project_id, number, key, column_id, title, description, status, rank, reporter_id)
    select ${Number(g.board.id)}, ${Number(g.project.id)}, n, ${g.key} || '-' || n,
      ${Number(g.column('To Do').id)}, replace(${title}, '{n}', n::text), replace(${description}, '{n}', n::text),
      'TODO', 'z' || lpad(n::text, 9, '0'), ${Number(g.member.user.id)}
    from generate_series(${first}::int, ${first + count - 1}::int) as n`);
}

describe('who finds what', () => {
  it('finds a member’s issues, never a non-member’s, not even by exact key', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Quarterly zebrafish report');
    expect(await keysFound(g.member.token, 'zebrafish')).toEqual([issue.key]);
    expect(await keysFound(g.lead.token, issue.key)).toEqual([issue.key]);

    for (const q of ['zebrafish', issue.key, issue.key.toLowerCase(), g.key, `Board ${g.key}`]) {
      expect({ q, result: await found(g.outsider.token, q) }).toEqual({
        q,
        result: { issues: [], total: 0, projects: [] },
      });
    }
  });

  it('shows an administrator every project’s issues, member or not', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Narwhal migration plan');
    const admin = (await t.admin()).token;
    expect(await keysFound(admin, 'narwhal')).toEqual([issue.key]);
    expect(await keysFound(admin, issue.key.toLowerCase())).toEqual([issue.key]);
    expect((await found(admin, g.key)).projects).toEqual([{ key: g.key, name: `Board ${g.key}` }]);
  });

  it('forgets a deleted project’s issues at once', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Okapi sightings');
    expect(await keysFound(g.member.token, 'okapi')).toEqual([issue.key]);
    expect((await t.as(g.lead.token).delete(`/api/projects/${g.key}`)).status).toBe(204);
    expect(await found(g.lead.token, 'okapi')).toEqual({ issues: [], total: 0, projects: [] });
    expect(await found((await t.admin()).token, issue.key)).toEqual({ issues: [], total: 0, projects: [] });
  });

  it('asks who is calling', async () => {
    expect((await search(undefined, 'anything')).status).toBe(401);
  });
});

describe('what matches, best first', () => {
  it('ranks an exact key (any case) first, above issues that name it often', async () => {
    const g = await givenBoard(t);
    const target = await g.addIssue('To Do', 'Unrelated title');
    const noisy = await g.addIssue('To Do', `${target.key} ${target.key} ${target.key} duplicates`);
    const result = await found(g.member.token, target.key.toLowerCase());
    expect(result.issues.map((i) => i.key)).toEqual([target.key, noisy.key]);
    expect(result.issues[0]).toEqual({
      id: target.id,
      key: target.key,
      title: 'Unrelated title',
      boardId: g.board.id,
      projectKey: g.key,
      status: 'TODO',
      snippet: 'Unrelated title',
    });
  });

  it('matches a word in a description, with a plain snippet around it', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('In Progress', 'Cache warmup');
    const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor';
    await describeIssue(g, issue, `${filler} ${filler}\n\nThe **axolotl** cluster needs a restart.\n\n${filler}`);
    const [hit] = (await found(g.member.token, 'axolotl')).issues;
    expect(hit).toMatchObject({ key: issue.key, title: 'Cache warmup', status: 'IN_PROGRESS' });
    expect(hit!.snippet).toContain('axolotl** cluster needs a restart');
    expect(hit!.snippet).not.toMatch(/<b>|\n/);
    expect(hit!.snippet.length).toBeLessThanOrEqual(160);
    expect(hit!.snippet.length).toBeLessThan(filler.length * 2);
  });

  it('finds a word by its beginning, typed last (“deplo” finds “deployment”)', async () => {
    const g = await givenBoard(t);
    const deployment = await g.addIssue('To Do', 'Blue-green deployment pipeline');
    const other = await g.addIssue('To Do', 'Deploy docs');
    await g.addIssue('To Do', 'Pipeline lint');
    expect((await keysFound(g.member.token, 'deplo')).sort()).toEqual([deployment.key, other.key].sort());
    expect(await keysFound(g.member.token, 'pipeline deploym')).toEqual([deployment.key]);
    expect(await keysFound(g.member.token, 'DEPLOYMENT PIPE')).toEqual([deployment.key]);
    // Only the last word is a prefix: a whole earlier word must match.
    expect(await keysFound(g.member.token, 'deplo pipeline')).toEqual([]);
  });

  it('ranks a title match above a description match and takes web-search syntax', async () => {
    const g = await givenBoard(t);
    const inDescription = await g.addIssue('To Do', 'Second');
    await describeIssue(g, inDescription, 'mentions the quokka once');
    const inTitle = await g.addIssue('To Do', 'Quokka enclosure');
    expect(await keysFound(g.member.token, 'quokka')).toEqual([inTitle.key, inDescription.key]);
    expect(await keysFound(g.member.token, 'quokka -enclosure')).toEqual([inDescription.key]);
    expect(await keysFound(g.member.token, '"quokka enclosure"')).toEqual([inTitle.key]);
    expect((await keysFound(g.member.token, 'enclosure or mentions')).sort()).toEqual(
      [inTitle.key, inDescription.key].sort(),
    );
  });

  it('finds projects by the beginning of their key or name, any case', async () => {
    const g = await givenBoard(t);
    const byKey = await found(g.member.token, g.key.slice(0, 4).toLowerCase());
    expect(byKey.projects).toEqual([{ key: g.key, name: `Board ${g.key}` }]);
    expect((await found(g.member.token, 'board b')).projects).toEqual([{ key: g.key, name: `Board ${g.key}` }]);
    expect((await found(g.member.token, 'oard')).projects).toEqual([]);
  });
});

describe('relevance: the best match first, however many match', () => {
  it('puts the title holding the word itself above 1,000 issues that only begin with it or mention it below', async () => {
    const g = await givenBoard(t);
    const wanted = await g.addIssue('To Do', 'Dark mode for the docs site');
    await givenBulkIssues(g, 400, 'Darker shadows {n}', 'Darken the dark borders, dark dark {n}');
    await givenBulkIssues(g, 300, 'Darkroom timer {n}', 'Darkness falls on the darkroom');
    await givenBulkIssues(g, 300, 'Theme polish {n}', 'The dark theme is too dark, darker than dark');
    const result = await found(g.member.token, 'dark', 10);
    expect(result.issues[0]).toMatchObject({ key: wanted.key, title: 'Dark mode for the docs site' });
    expect(result.total).toBe(1001);
    // The rest follow by how they match: the title's prefixes before the descriptions' words.
    expect(result.issues.slice(1).every((i) => /^Dark(er|room) /.test(i.title))).toBe(true);
  });

  it('orders the title as typed, a word of the title, a prefix in the title, a word and a prefix in the description', async () => {
    const g = await givenBoard(t);
    const prefixInDescription = await g.addIssue('To Do', 'Shade');
    await describeIssue(g, prefixInDescription, 'the darkest corner, darkest of all, darkest');
    const wordInDescription = await g.addIssue('To Do', 'Polish');
    await describeIssue(g, wordInDescription, 'the dark theme');
    const prefixInTitle = await g.addIssue('To Do', 'Darkroom timer');
    const wordInTitle = await g.addIssue('To Do', 'Dark mode for the docs site');
    const wholeTitle = await g.addIssue('To Do', 'Dark');
    expect(await keysFound(g.member.token, 'dark')).toEqual(
      [wholeTitle, wordInTitle, prefixInTitle, wordInDescription, prefixInDescription].map((i) => i.key),
    );
    expect((await keysFound(g.member.token, 'DARK MODE FOR THE DOCS SITE'))[0]).toBe(wordInTitle.key);
  });

  it('favours the project on screen (by key or by board) and the issues viewed lately, among equal matches only', async () => {
    const people = await givenBoardPeople(t);
    const [first, second] = [await givenBoard(t, people), await givenBoard(t, people)];
    const inFirst = await first.addIssue('To Do', 'Dark theme toggle');
    const inSecond = await second.addIssue('To Do', 'Dark theme toggle');
    const weakInFirst = await first.addIssue('To Do', 'Shade');
    await describeIssue(first, weakInFirst, 'the dark theme toggle');
    const token = people.member.token;
    const keys = (params: Record<string, string> = {}) => keysWith(token, { q: 'dark theme', ...params });

    expect(await keys()).toEqual([inSecond.key, inFirst.key, weakInFirst.key]);
    expect(await keys({ project: first.key })).toEqual([inFirst.key, inSecond.key, weakInFirst.key]);
    expect(await keys({ project: first.key.toLowerCase() })).toEqual([inFirst.key, inSecond.key, weakInFirst.key]);
    expect(await keys({ board: first.board.id })).toEqual([inFirst.key, inSecond.key, weakInFirst.key]);
    expect(await keys({ project: second.key })).toEqual([inSecond.key, inFirst.key, weakInFirst.key]);
    // Viewed lately outranks the project on screen; neither lifts a weaker match above a better one.
    expect(await keys({ project: second.key, recent: `${inFirst.key},${weakInFirst.key}` })).toEqual([
      inFirst.key,
      inSecond.key,
      weakInFirst.key,
    ]);
    // Someone else's project or issue keys change nothing (and reveal nothing).
    const outsiders = await keysWith(people.outsider.token, {
      q: 'dark theme',
      project: first.key,
      recent: inFirst.key,
    });
    expect(outsiders).toEqual([]);
  });

  it('counts every match and pages through them with offset', async () => {
    const g = await givenBoard(t);
    for (let i = 0; i < 23; i++) await g.addIssue('To Do', `Platypus ${i}`);
    const pages = [];
    for (const offset of [0, 10, 20])
      pages.push(
        await t.ok<SearchResult>(searchWith(g.member.token, { q: 'platypus', limit: '10', offset: String(offset) })),
      );
    expect(pages.map((p) => [p.issues.length, p.total])).toEqual([
      [10, 23],
      [10, 23],
      [3, 23],
    ]);
    expect(new Set(pages.flatMap((p) => p.issues.map((i) => i.key))).size).toBe(23);
    expect((await t.ok<SearchResult>(searchWith(g.member.token, { q: 'platypus', offset: '40' }))).issues).toEqual([]);
  });
});

describe('limits', () => {
  it('answers 20 issues unless asked, at most 50', async () => {
    const g = await givenBoard(t);
    for (let i = 0; i < 22; i++) await g.addIssue('To Do', `Walrus ${i}`);
    expect((await found(g.member.token, 'walrus')).issues).toHaveLength(20);
    expect((await found(g.member.token, 'walrus', 3)).issues).toHaveLength(3);
    expect((await found(g.member.token, 'walrus', 50)).issues).toHaveLength(22);
  });

  it.each([
    ['no q', null, undefined, /^q: is required$/],
    ['an empty q', '', undefined, /^q: must be at least 2 characters$/],
    ['a 1-character q', 'a', undefined, /^q: must be at least 2 characters$/],
    ['a q of 1 character and spaces', '  a  ', undefined, /^q: must be at least 2 characters$/],
    ['a 201-character q', 'x'.repeat(201), undefined, /^q: must be at most 200 characters$/],
    ['a control character', 'ab\u0000cd', undefined, /^q: /],
    ['limit 0', 'walrus', 0, /^limit: must be at least 1$/],
    ['limit 51', 'walrus', 51, /^limit: must be at most 50$/],
    ['limit 2.5', 'walrus', 2.5, /^limit: must be a whole number$/],
    ['limit "ten"', 'walrus', 'ten', /^limit: must be a whole number$/],
  ])('refuses %s with 400 naming the field', async (_name, q, limit, message) => {
    const g = await givenBoard(t);
    const res = await search(g.member.token, q, limit);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it.each([
    ['offset -1', { offset: '-1' }, /^offset: must be at least 0$/],
    ['offset 10001', { offset: '10001' }, /^offset: must be at most 10000$/],
    ['a project that is no key', { project: 'no key!' }, /^project: must be 1 to 10 characters, A-Z and 0-9$/],
    ['a board that is no id', { board: 'first' }, /^board: must be an id$/],
    ['a recent issue that is no key', { recent: 'WEB-1,nope' }, /^recent\.1: must be a project key and a number/],
    [
      '21 recent issues',
      { recent: Array.from({ length: 21 }, (_, i) => `WEB-${i + 1}`).join(',') },
      /^recent: must list at most 20$/,
    ],
  ])('refuses %s with 400 naming the field', async (_name, params, message) => {
    const g = await givenBoard(t);
    const res = await searchWith(g.member.token, { q: 'walrus', ...params });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it('takes 200 characters', async () => {
    const g = await givenBoard(t);
    expect((await search(g.member.token, 'y'.repeat(200))).status).toBe(200);
  });
});

describe('any text', () => {
  const texts = [
    `'`,
    `''`,
    `"`,
    `""`,
    `"unclosed phrase`,
    `\\`,
    `\\\\'`,
    `&|!():*`,
    `a & b | !c`,
    `'a':* & 'b'`,
    `foo:*`,
    `foo:`,
    `(foo`,
    `foo)`,
    `-foo`,
    `--`,
    `- -`,
    `or or`,
    `OR`,
    `a <-> b`,
    `!!`,
    `it's deplo'`,
    `back\\slash\\`,
    `%_ %`,
    `$1 $2`,
    `'; drop table board.issues; --`,
    `' or 1=1 --`,
    `WEB-`,
    `-12`,
    `🚀 launch`,
    `日本語のテキスト`,
    `עברית ltr`,
    `e\u0301te\u0301`,
    `Ünïcödé naïve café`,
    `\u200b\u200b`,
    `${'('.repeat(199)}x`,
    `${'a'.repeat(200)}`,
    `${'ab '.repeat(66)}c`,
    `${'"a" '.repeat(50)}`,
  ];

  it('never answers 500', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', `it's a 'quoted' "title" with \\ & | ! : * ( ) 🚀 café`);
    const admin = (await t.admin()).token;
    for (const q of texts) {
      for (const token of [g.member.token, admin]) {
        const res = await search(token, q);
        // One character once trimmed is refused like any short text; the rest is searched.
        expect({ q, status: res.status }).toEqual({ q, status: q.trim().length < 2 ? 400 : 200 });
        if (res.status === 400) continue;
        const body = (await res.json()) as SearchResult;
        expect({ q, issues: Array.isArray(body.issues), projects: Array.isArray(body.projects) }).toEqual({
          q,
          issues: true,
          projects: true,
        });
      }
    }
    expect(await keysFound(g.member.token, `'quoted' "title"`)).toEqual([issue.key]);
    expect(await keysFound(g.member.token, '🚀 caf')).toEqual([issue.key]);
  });

  it('answers repeated, stray or badly escaped parameters without a 500', async () => {
    const g = await givenBoard(t);
    for (const query of ['q=ab&q=cd', 'q=ab&limit=1&limit=2', 'q[]=ab', 'q=ab&extra=1', 'q=%E0%A4%A', 'q=%FF%FE']) {
      const res = await t.as(g.member.token).get(`/api/search?${query}`);
      expect({ query, below500: res.status < 500 }).toEqual({ query, below500: true });
    }
  });
});

describe('searchTerms', () => {
  it.each([
    ['deplo', { key: null, prefix: true }],
    ['fix the deplo', { key: null, prefix: true }],
    ['web-12', { key: 'WEB-12', prefix: true }],
    ['fix deplo)', { key: null, prefix: true }],
    ['fix -deploy', { key: null, prefix: false }],
    ['fix or', { key: null, prefix: false }],
    ['"fix deplo', { key: null, prefix: false }],
    ['"fix" deplo', { key: null, prefix: true }],
    ['fix "deplo"', { key: null, prefix: false }],
    ['fix &&', { key: null, prefix: false }],
  ])('%s', (q, terms) => {
    expect(searchTerms(q)).toEqual(terms);
  });
});
