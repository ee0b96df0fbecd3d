import type { Page } from 'playwright-core';
import type { BoardDto, CommentDto, IssueDto, LabelDto, ProjectDto } from '@trackboard/contracts';
import { journey, shown } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

// The API reference as an integrator uses it: Swagger UI at /api/docs, authorized with a personal
// access token, sends one operation of every tag with "Try it out" → "Execute", filling in only
// what a person would (their own ids, a key); text fields keep the reference's examples
// (docs/decisions/0070-api-description-for-common-tools.md).

type Operation = { operationId: string; tags: string[] };
type Document = { paths: Record<string, Record<string, Operation>> };
type Attempt = {
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  expected: string;
};

describe('the API reference at /api/docs', () => {
  const j = journey();
  const { app, api } = j;

  /** Expands the operation, presses "Try it out", fills what is given and executes: the status Swagger UI shows. */
  async function tryOut(page: Page, document: Document, attempt: Attempt): Promise<string> {
    const operation = document.paths[attempt.path]![attempt.method]!;
    // Past 150 rows Swagger UI draws only those near the screen (a list it swaps for the plain one
    // once filtered): the tag's own list is short, and is drawn whole.
    await page.locator('input.operation-filter-input').fill(operation.tags[0]!);
    await page.locator('.operations-virtual').waitFor({ state: 'detached' });
    const block = page.locator(`[id="operations-${operation.tags[0]}-${operation.operationId}"]`);
    const summary = block.locator('.opblock-summary-control');
    await summary.click();
    await block.getByRole('button', { name: 'Try it out' }).click();
    for (const [name, value] of Object.entries(attempt.params ?? {})) {
      const field = block.locator(`tr[data-param-name="${name}"]`).locator('input, select').first();
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    if (attempt.body !== undefined)
      await block.locator('textarea.body-param__text').fill(JSON.stringify(attempt.body, null, 2));
    await block.getByRole('button', { name: 'Execute' }).click();
    const status = block.locator('.live-responses-table tbody .response-col_status').first();
    await shown(status);
    const shownStatus = (await status.innerText()).trim();
    // Closed again: each open operation slows every later one down.
    await summary.click();
    await block.locator('.opblock-body').waitFor({ state: 'detached' });
    return shownStatus;
  }

  // Swagger UI resolves an OpenAPI 3.1 operation with ApiDOM when it is opened: about 2 s of the
  // page's CPU each here, so this journey is given longer than most.
  it('sends one operation of every tag with "Try it out" and gets the 2xx each promises', async () => {
    const person = await j.ownAdmin('Docs Reader');
    const call = <T>(method: string, path: string, body?: unknown) => api.call<T>(method, path, body, person.token);
    const { token } = await call<{ token: string }>('POST', '/api/auth/tokens', { name: 'API reference' });
    const key = uniqueKey('DOC');
    const project = await api.createProject(person, 'Documented', key);
    const board = await call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`);
    const [toDo, inProgress] = board.columns;
    const issue = await call<IssueDto>('POST', '/api/issues', {
      projectId: project.id,
      columnId: toDo!.id,
      title: 'Read the reference',
    });
    const comment = await call<CommentDto>('POST', `/api/issues/${issue.id}/comments`, { body: 'Reading it.' });
    const label = await call<LabelDto>('POST', `/api/boards/${board.id}/labels`, { name: 'docs', color: 'teal' });
    // A file on the issue (a JSON string is a file too), and a signed link to it.
    const file = await call<{ id: string }>('POST', `/api/issues/${issue.id}/attachments?name=notes.txt`, 'notes');
    const link = new URL(
      (await call<{ url: string }>('GET', `/api/attachments/${file.id}/link`)).url,
      'http://trackboard.test',
    );
    // A project of its own, so nothing the other operations do is delivered to it.
    const hooked = await api.createProject(person, 'Hooked', uniqueKey('HOOK'));
    const webhook = await call<{ id: string }>('POST', `/api/projects/${hooked.key}/webhooks`, {
      url: 'https://93.184.215.14/trackboard',
      secret: 'a-long-shared-secret',
      events: ['issue.deleted'],
    });

    // Someone invited to the project, whose invitation is sent again from the reference.
    const invitation = await call<{ id: string }>('POST', `/api/projects/${key}/invitations`, {
      email: 'invited.reader@example.test',
    });

    // The project's cycles, turned on: the running one has a page.
    const cycles = await call<{ cycles: { id: string }[] }>('PUT', `/api/projects/${key}/cycles`, { enabled: true });

    const attempts: Record<string, Attempt> = {
      auth: { method: 'get', path: '/api/auth/profile', expected: '200' },
      users: { method: 'put', path: '/api/users/profile', expected: '200' },
      admin: { method: 'get', path: '/api/admin/users', expected: '200' },
      projects: { method: 'get', path: '/api/projects/{key}', params: { key: key.toLowerCase() }, expected: '200' },
      views: { method: 'get', path: '/api/views', expected: '200' },
      invitations: {
        method: 'post',
        path: '/api/invitations/{id}/resend',
        params: { id: invitation.id },
        expected: '200',
      },
      cycles: { method: 'get', path: '/api/cycles/{id}', params: { id: cycles.cycles[0]!.id }, expected: '200' },
      boards: { method: 'get', path: '/api/boards/{id}', params: { id: board.id }, expected: '200' },
      columns: { method: 'put', path: '/api/columns/{id}', params: { id: inProgress!.id }, expected: '200' },
      labels: { method: 'patch', path: '/api/labels/{id}', params: { id: label.id }, expected: '200' },
      issues: {
        method: 'post',
        path: '/api/issues',
        // As the web client sends it: its own id as reporter, the column's status.
        body: {
          projectId: project.id,
          columnId: toDo!.id,
          title: 'Sent from the API reference',
          reporterId: person.user.id,
          status: 'TODO',
          dueDate: '2030-06-30',
        },
        expected: '201',
      },
      comments: { method: 'post', path: '/api/comments/{id}/reactions', params: { id: comment.id }, expected: '200' },
      search: { method: 'get', path: '/api/search', params: { q: 'reference' }, expected: '200' },
      attachments: { method: 'get', path: '/api/attachments/{id}/link', params: { id: file.id }, expected: '200' },
      'attachment-files': {
        method: 'get',
        path: '/api/attachment-files/{id}',
        params: { id: file.id, ...Object.fromEntries(link.searchParams) },
        expected: '200',
      },
      dashboard: { method: 'get', path: '/api/dashboard', expected: '200' },
      notifications: { method: 'get', path: '/api/notifications', expected: '200' },
      // The CSV example is the body: Swagger UI sends it as the file.
      imports: {
        method: 'post',
        path: '/api/imports',
        params: { format: 'csv', key: uniqueKey('IMP'), name: 'Imported from the reference' },
        expected: '202',
      },
      webhooks: { method: 'get', path: '/api/webhooks/{id}/deliveries', params: { id: webhook.id }, expected: '200' },
      releases: { method: 'post', path: '/api/releases/failures', expected: '204' },
      // The example body lists the MCP server's tools.
      mcp: { method: 'post', path: '/api/mcp', expected: '200' },
    };

    const page = await j.newPage();
    await page.goto(`${app.url}/api/docs`);
    const document = (await (await j.fetch('/api/openapi.json')).json()) as Document;
    const tags = new Set(Object.values(document.paths).flatMap((item) => Object.values(item).map((o) => o.tags[0]!)));
    expect([...tags].filter((tag) => !attempts[tag])).toEqual([]);

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const dialog = page.locator('.modal-ux');
    await dialog.locator('input').first().fill(token);
    await dialog.getByRole('button', { name: 'Apply credentials' }).click();
    await dialog.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await dialog.locator('.btn-done').click();

    const shownStatus: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const tag of tags) {
      shownStatus[tag] = await tryOut(page, document, attempts[tag]!);
      expected[tag] = attempts[tag]!.expected;
    }
    expect(shownStatus).toEqual(expected);

    // What was sent arrived as sent: the issue with its due date, the imported project.
    const after = await call<BoardDto>('GET', `/api/boards/${board.id}`);
    expect(after.columns[0]!.issues.map((i) => [i.title, i.dueDate])).toContainEqual([
      'Sent from the API reference',
      '2030-06-30',
    ]);
    const imported = async () =>
      (await call<ProjectDto[]>('GET', '/api/projects')).some((p) => p.name === 'Imported from the reference');
    await eventually(imported, true);
  }, 300_000);
});
