import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BoardDto, CreatedAccessTokenDto, IssueDto, RelationListDto, SubIssuesDto } from '@trackboard/contracts';
import type { OpenApiDocument } from '@trackboard/server-kit';
import { createLogger, createServiceClient, listenOn } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type GivenProject, type TestPlatform } from '@trackboard/test-platform';
import { byService, documentsFrom } from '../api-reference';
import { createInProcessForwarder } from '../forwarders';
import { createGatewayServer } from '../server';
import { createWebHost } from '../web-host';
import { createMcp } from './app';

// An AI agent's view: the SDK's own client over HTTP against the whole app behind a real gateway,
// each call checked against what the API answers the same person.

let t: TestPlatform;
let server: Server;
let url: string;
let team: GivenProject;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestPlatform();
  const web = createWebHost({
    webRoot: tmpdir(),
    remoteUrls: {},
    appConfig: { name: 'T', provider: 'T', supportEmail: 'a@b.c' },
    mcp: createMcp({ authenticate: t.platform.authenticate, log: createLogger('test', 'silent') }),
    serviceDocuments: documentsFrom(byService((service) => createServiceClient(t.platform.apps[service].fetch))),
  });
  server = createGatewayServer({ forwarder: createInProcessForwarder(t.platform.apps), web, corsOrigins: [] });
  url = `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
  team = await givenProject(t);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await new Promise((done) => server.close(done));
  await t.close();
});

/** A personal access token of the user whose session token this is. */
const accessTokenOf = async (sessionToken: string) =>
  (await t.ok<CreatedAccessTokenDto>(t.as(sessionToken).post('/api/auth/tokens', { name: 'agent' }))).token;

async function connect(token: string) {
  const client = new Client({ name: 'test-agent', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp', url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

/** A tool's answer: the JSON it carries, or — refused — its message. */
async function call<T = unknown>(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return result.isError ? { refused: text } : { data: JSON.parse(text) as T };
}
const data = async <T>(answer: Promise<{ data?: T; refused?: string }>): Promise<T> => {
  const { data: value, refused } = await answer;
  if (refused !== undefined) throw new Error(`refused: ${refused}`);
  return value!;
};

describe('the MCP server at /api/mcp', () => {
  let member: Client;
  beforeAll(async () => {
    member = await connect(await accessTokenOf(team.member.token));
  });

  it('lists every tool, each with an input schema', async () => {
    const { tools } = await member.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'add_comment',
      'create_issue',
      'get_issue',
      'get_issue_links',
      'link_issues',
      'list_board_columns',
      'list_my_issues',
      'move_issue',
      'search_issues',
      'set_parent',
      'tick_task',
      'unlink_issues',
      'update_issue',
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('creates an issue that get_issue, search and the API then find', async () => {
    const created = await data(
      call<IssueDto>(member, 'create_issue', { project: team.key.toLowerCase(), title: 'Agent wrote this headline' }),
    );
    expect(created).toMatchObject({ key: `${team.key}-${created.number}`, title: 'Agent wrote this headline' });
    expect(await data(call<IssueDto>(member, 'get_issue', { key: created.key }))).toMatchObject({
      id: created.id,
      comments: [],
    });
    const viaApi = await t.ok<IssueDto>(t.as(team.member.token).get(`/api/issues/${created.id}`));
    expect(viaApi).toMatchObject({ title: 'Agent wrote this headline', reporterId: team.member.user.id });
    const found = await data(call<{ issues: { key: string }[] }>(member, 'search_issues', { q: 'headline' }));
    expect(found.issues.map((i) => i.key)).toContain(created.key);
  });

  it('updates fields, moves to a column by name and comments, as the API then shows', async () => {
    const { key, id } = await data(call<IssueDto>(member, 'create_issue', { project: team.key, title: 'Move me' }));
    expect(
      await data(call<IssueDto>(member, 'update_issue', { key, priority: 'HIGH', assigneeId: team.member.user.id })),
    ).toMatchObject({ priority: 'HIGH', assigneeId: team.member.user.id });

    const moved = await data(call<IssueDto>(member, 'move_issue', { key, column: 'in progress' }));
    const board = await t.ok<BoardDto>(t.as(team.member.token).get(`/api/boards/${moved.boardId}`));
    const inProgress = board.columns.find((c) => c.name === 'In Progress')!;
    expect(moved).toMatchObject({ columnId: inProgress.id, status: 'IN_PROGRESS' });
    expect(inProgress.issues.map((i) => i.key)).toContain(key);

    await data(call(member, 'add_comment', { key, body: 'Picked up by an agent.\nMore tomorrow.' }));
    const issue = await data(call<IssueDto>(member, 'get_issue', { key }));
    expect(issue.comments.map((c) => [c.body, c.author.id])).toEqual([
      ['Picked up by an agent.\nMore tomorrow.', team.member.user.id],
    ]);
    expect((await t.ok<IssueDto>(t.as(team.member.token).get(`/api/issues/${id}`))).commentCount).toBe(1);

    const mine = await data(call<{ issues: { key: string }[] }>(member, 'list_my_issues', {}));
    expect(mine.issues.map((i) => i.key)).toContain(key);
    const columns = await data(
      call<{ columns: { name: string; issues: { key: string }[] }[] }>(member, 'list_board_columns', {
        boardId: board.id,
      }),
    );
    expect(columns.columns.map((c) => c.name)).toEqual(board.columns.map((c) => c.name));
    expect(columns.columns.find((c) => c.name === 'In Progress')!.issues.map((i) => i.key)).toContain(key);
  });

  it('breaks work down, links issues and ticks a checklist, as the API then shows', async () => {
    const make = (title: string, description = '') =>
      data(call<IssueDto>(member, 'create_issue', { project: team.key, title, description }));
    const [epic, part, blocker] = [
      await make('Launch', 'Before launch:\n\n- [ ] Docs\n- [ ] Tests'),
      await make('Write the docs'),
      await make('Fix the build'),
    ];
    expect(await data(call<IssueDto>(member, 'set_parent', { key: part.key, parent: epic.key }))).toMatchObject({
      id: part.id,
      parentId: epic.id,
    });
    await data(call(member, 'link_issues', { key: blocker.key, type: 'blocks', other: epic.key.toLowerCase() }));
    const links = await data(call<SubIssuesDto & RelationListDto>(member, 'get_issue_links', { key: epic.key }));
    expect(links).toMatchObject({
      parent: null,
      subIssues: [expect.objectContaining({ key: part.key })],
      done: 0,
      relations: [
        expect.objectContaining({ type: 'blocked_by', issue: expect.objectContaining({ key: blocker.key }) }),
      ],
      hidden: 0,
    });
    expect((await t.ok<IssueDto>(t.as(team.member.token).get(`/api/issues/${epic.id}`))).blocked).toBe(true);

    const ticked = await data(call<IssueDto>(member, 'tick_task', { key: epic.key, index: 1, checked: true }));
    expect(ticked.description).toBe('Before launch:\n\n- [ ] Docs\n- [x] Tests');
    expect(await call(member, 'tick_task', { key: epic.key, index: 2, checked: true })).toEqual({
      refused: `${epic.key}'s checklist has 2 tasks, numbered from 0.`,
    });

    expect(await call(member, 'unlink_issues', { key: epic.key, type: 'blocked_by', other: blocker.key })).toEqual({
      data: { removed: { type: 'blocked_by', issue: expect.objectContaining({ key: blocker.key }) } },
    });
    expect((await t.ok<IssueDto>(t.as(team.member.token).get(`/api/issues/${epic.id}`))).blocked).toBe(false);
    expect(await call(member, 'unlink_issues', { key: epic.key, type: 'blocked_by', other: blocker.key })).toEqual({
      refused: `${epic.key} has no "blocked_by" link to ${blocker.key}.`,
    });
    // The API's rules, in its words: no cycle.
    expect(await call(member, 'set_parent', { key: epic.key, parent: part.key })).toEqual({
      refused: expect.stringContaining('parentId'),
    });
  });

  it("lists each project's boards as a resource", async () => {
    const { resources } = await member.listResources();
    const uri = `trackboard://projects/${team.key}/boards`;
    expect(resources.map((r) => r.uri)).toContain(uri);
    const { contents } = await member.readResource({ uri });
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual({
      project: { key: team.key, name: team.project.name },
      boards: [expect.objectContaining({ id: team.project.boards[0]!.id })],
    });
  });

  it('refuses with the API’s own message, as a tool result marked as an error', async () => {
    expect(await call(member, 'move_issue', { key: `${team.key}-999`, column: 'Done' })).toEqual({
      refused: 'Issue not found',
    });
    const { key } = await data(call<IssueDto>(member, 'create_issue', { project: team.key, title: 'Stays' }));
    expect(await call(member, 'move_issue', { key, column: 'Nowhere' })).toEqual({
      refused: expect.stringMatching(/^No column "Nowhere" on board .*; its columns are: To Do, In Progress, Done\.$/),
    });
    // The contract's rule, before any call: a comment needs a body.
    expect(await call(member, 'add_comment', { key, body: '  ' })).toEqual({
      refused: expect.stringContaining('body'),
    });
  });

  it("shows a non-member nothing of another project's issues, as the API does", async () => {
    const { key } = await data(call<IssueDto>(member, 'create_issue', { project: team.key, title: 'Team only' }));
    const outsider = await t.givenUser();
    const stranger = await connect(await accessTokenOf(outsider.token));
    const viaApi = await t.as(outsider.token).get(`/api/issues/by-key/${key}`);
    expect(viaApi.status).toBe(404);
    const { message } = (await viaApi.json()) as { message: string };
    expect(await call(stranger, 'get_issue', { key })).toEqual({ refused: message });
    expect(await call(stranger, 'add_comment', { key, body: 'hello' })).toEqual({ refused: message });
    expect(await call(stranger, 'create_issue', { project: team.key, title: 'x' })).toEqual({
      refused: expect.any(String),
    });
    expect((await data(call<{ issues: unknown[] }>(stranger, 'search_issues', { q: 'Team only' }))).issues).toEqual([]);
    expect((await stranger.listResources()).resources).toEqual([]);
  });

  it.each([
    ['no token', {}],
    ['a bad token', { authorization: 'Bearer tb_pat_not-a-real-one' }],
  ])('answers %s with 401 before any MCP work', async (_, headers: Record<string, string>) => {
    const res = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a client that accepts JSON alone (Swagger UI, curl): its answers are JSON anyway', async () => {
    const token = await accessTokenOf(team.member.token);
    for (const accept of ['application/json', '*/*']) {
      const res = await fetch(`${url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const answer = (await res.json()) as { result: { tools: { name: string }[] } };
      expect(answer.result.tools.map((tool) => tool.name)).toContain('search_issues');
    }
    // One that accepts neither is still told so.
    const html = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/html', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(html.status).toBe(406);
  });

  it('refuses the SDK client without a token', async () => {
    const client = new Client({ name: 'anonymous-agent', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', url)))).rejects.toThrow();
  });

  it('answers GET and DELETE with 405: stateless, it has no stream to open nor session to end', async () => {
    const token = await accessTokenOf(team.member.token);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${url}/api/mcp`, { method, headers: { authorization: `Bearer ${token}` } });
      expect({ method, status: res.status, allow: res.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'POST',
      });
    }
  });

  it('is described in the API reference beside the services’ routes', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as OpenApiDocument;
    expect(document.paths?.['/api/mcp']?.post).toMatchObject({
      tags: ['mcp'],
      requestBody: expect.anything(),
      responses: expect.objectContaining({ 200: expect.anything(), 401: expect.anything() }),
    });
  });
});
