import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportJobDto } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';
import { formatForFile } from './transfer-api';

// Export and import in the browser: the project page's downloads, the projects page's Import
// dialog with its progress, its link to the new project, the people it offers and a bad file's place.

beforeEach(() => {
  jest.restoreAllMocks();
});

const job = (fields: Partial<ImportJobDto>): ImportJobDto => ({
  id: '5',
  format: 'csv',
  status: 'queued',
  processed: 0,
  total: 0,
  projectKey: 'NEW',
  error: null,
  people: [],
  summary: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('export from the project page', () => {
  /** Clicks the button and answers the file the browser was handed: its name and its text. */
  async function download(button: string): Promise<{ name: string; text: unknown }> {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:export'));
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderProjectsAt('/projects/WEB');
    fireEvent.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(created[0]!);
    });
    return { name: clicked[0]!.download, text };
  }

  it('downloads the CSV with the bearer token, named after the project', async () => {
    signInAs(ada);
    const server = fakeApi({
      'GET /api/projects/WEB': answer(200, projectDto()),
      'GET /api/projects/WEB/export?format=csv': answer(200, 'Key,Title\nWEB-1,First\n'),
    });
    expect(await download('Download CSV')).toEqual({ name: 'WEB-export.csv', text: 'Key,Title\nWEB-1,First\n' });
    expect(server.callsTo('GET /api/projects/WEB/export?format=csv')[0]!.headers.Authorization).toBe(
      'Bearer test-token',
    );
  });

  it('downloads the export with its files as a ZIP, the bytes as they came', async () => {
    signInAs(ada);
    const server = fakeApi({
      'GET /api/projects/WEB': answer(200, projectDto()),
      'GET /api/projects/WEB/export?format=zip': answer(200, 'PK\u0003\u0004 zipped'),
    });
    expect(await download('Download with files (ZIP)')).toEqual({
      name: 'WEB-export.zip',
      text: 'PK\u0003\u0004 zipped',
    });
    expect(server.callsTo('GET /api/projects/WEB/export?format=zip')[0]!.headers.Accept).toBe('application/zip');
  });

  it('says why an export failed', async () => {
    signInAs(ada);
    fakeApi({
      'GET /api/projects/WEB': answer(200, projectDto()),
      'GET /api/projects/WEB/export?format=json': answer(503, { message: 'Service unavailable' }),
    });
    renderProjectsAt('/projects/WEB');
    fireEvent.click(await screen.findByRole('button', { name: 'Download JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Export failed: Service unavailable');
  });
});

async function openImport(routes: Record<string, FakeRoute>) {
  signInAs(ada);
  const server = fakeApi({ 'GET /api/projects': answer(200, []), ...routes });
  renderProjectsAt('/projects');
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  await screen.findByRole('dialog', { name: 'Import a project' });
  return server;
}

async function chooseFile(name: string, text: string, type: string) {
  const file = new File([text], name, { type });
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
  await waitFor(() => expect(screen.getByLabelText('New project name')).not.toHaveValue(''));
}

describe('the Import dialog', () => {
  it('guesses the format, uploads the file, shows progress and links to the new project', async () => {
    const polls = [
      job({ status: 'running', processed: 2, total: 4 }),
      job({ status: 'succeeded', processed: 4, total: 4 }),
    ];
    const server = await openImport({
      'POST /api/imports?format=csv&key=NEW&name=sprint+plan': answer(202, job({})),
      'GET /api/imports/5': () => answer(200, polls.length > 1 ? polls.shift() : polls[0]),
    });
    await chooseFile('sprint-plan.csv', 'Title\nA\n', 'text/csv');
    await waitFor(() => expect(screen.getByLabelText('Format')).toHaveValue('csv'));
    expect(screen.getByLabelText('New project name')).toHaveValue('sprint plan');
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Importing… 2 of 4 issues', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '2');
    const link = await screen.findByRole('link', { name: 'Open NEW' }, { timeout: 3000 });
    expect(screen.getByText(/Imported 4 issues into NEW\./)).toBeInTheDocument();
    expect(server.callsTo('POST /api/imports?format=csv&key=NEW&name=sprint+plan')[0]!.headers['Content-Type']).toBe(
      'text/csv',
    );
    // The list was asked for again once the project existed.
    expect(server.callsTo('GET /api/projects').length).toBeGreaterThan(1);
    fireEvent.click(link);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/projects/NEW');
  });

  it('says what came across, what the file held that did not, and the values it did not know', async () => {
    const summary = {
      labels: 3,
      checklists: 1,
      comments: 12,
      attachments: 2,
      leftOut: ['2 archived cards', '1 archived list'],
      warnings: ['line 4: Priority: "Blocker" taken as CRITICAL'],
      warningCount: 3,
    };
    await openImport({
      'POST /api/imports?format=csv&key=NEW&name=sprint+plan': answer(202, job({})),
      'GET /api/imports/5': answer(200, job({ status: 'succeeded', processed: 4, total: 4, summary })),
    });
    await chooseFile('sprint-plan.csv', 'Title\nA\n', 'text/csv');
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'NEW' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const came = await screen.findByRole('region', { name: 'What came across' }, { timeout: 3000 });
    expect(came).toHaveTextContent('3 labels, 1 checklist, 12 comments, 2 attachments (as links).');
    expect(
      within(came)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 archived cards', '1 archived list', 'line 4: Priority: "Blocker" taken as CRITICAL']);
    expect(within(came).getByRole('heading', { name: 'Warnings' })).toBeInTheDocument();
    expect(came).toHaveTextContent('…and 2 more not listed.');
  });

  it('offers the people the file names, and adds only those ticked', async () => {
    const people = [
      { email: 'ann@example.com', issues: 3 },
      { email: 'bob@example.com', issues: 0 },
    ];
    const server = await openImport({
      'POST /api/imports?format=csv&key=NEW&name=team': answer(202, job({})),
      'GET /api/imports/5': answer(200, job({ status: 'succeeded', processed: 4, total: 4, people })),
      'POST /api/imports/5/people': answer(200, job({ status: 'succeeded', people: [people[1]!] })),
    });
    await chooseFile('team.csv', 'Title,Assignee\nA,ann@example.com\n', 'text/csv');
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'NEW' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const group = await screen.findByRole('group', { name: 'People named in the file' }, { timeout: 3000 });
    expect(group).toHaveTextContent('ann@example.com · 3 issues assigned in the file');
    // Everyone is ticked to begin with; the importer leaves Bob out.
    fireEvent.click(screen.getByRole('checkbox', { name: /bob@example.com/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to NEW' }));
    expect(await screen.findByText('Added 1 person to NEW.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/imports/5/people')[0]!.body).toEqual({ emails: ['ann@example.com'] });
    // Bob is still offered.
    expect(screen.getByRole('checkbox', { name: /bob@example.com/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /ann@example.com/ })).not.toBeInTheDocument();
  });

  it('sends a strict CSV import and lists every problem of the file', async () => {
    const problems = [
      { line: 3, field: 'Title', message: 'line 3: Title: is required' },
      { line: 9, field: 'Priority', message: 'line 9: Priority: "Whenever" is not a priority here' },
    ];
    await openImport({
      'POST /api/imports?format=csv&key=BAD&name=jira&strict=true': answer(202, job({ projectKey: 'BAD' })),
      'GET /api/imports/5': answer(
        200,
        job({
          status: 'failed',
          projectKey: 'BAD',
          error: {
            ...problems[0]!,
            message: 'The file has 2 problems; the first: line 3: Title: is required',
            errors: problems,
            errorCount: 2,
          },
        }),
      ),
    });
    await chooseFile('jira.csv', 'Summary,Priority\n,High\n', 'text/csv');
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'BAD' } });
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Fail on values the import does not know, rather than warn' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'The file has 2 problems; the first: line 3: Title: is required Nothing was imported.',
    );
    const listed = screen.getByRole('region', { name: 'Problems in the file' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems.map((p) => p.message));
  });

  it('shows where a bad file went wrong, and that nothing was imported', async () => {
    await openImport({
      'POST /api/imports?format=csv&key=BAD&name=bad': answer(202, job({ projectKey: 'BAD' })),
      'GET /api/imports/5': answer(
        200,
        job({
          status: 'failed',
          projectKey: 'BAD',
          error: { line: 5, field: 'Due date', message: 'line 5: Due date: must be a date (YYYY-MM-DD)' },
        }),
      ),
    });
    await chooseFile('bad.csv', 'Title,Due date\nA,2026-02-30\n', 'text/csv');
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'BAD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'line 5: Due date: must be a date (YYYY-MM-DD) Nothing was imported.',
    );
    // The form is usable again to try another file.
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('says what is missing before sending anything, and the server’s refusal of a bad key', async () => {
    const server = await openImport({
      'POST /api/imports?format=trello&key=A-B&name=Launch': answer(400, {
        message: 'key: must be 1 to 10 characters, A-Z and 0-9',
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a file.');
    await chooseFile('Launch.json', '{"name":"Launch","idBoard":"x","lists":[]}', 'application/json');
    await waitFor(() => expect(screen.getByLabelText('Format')).toHaveValue('trello'));
    fireEvent.change(screen.getByLabelText('New project key'), { target: { value: 'A-B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Import failed: key: must be 1 to 10 characters, A-Z and 0-9',
    );
    expect(server.callsTo('POST /api/imports?format=trello&key=A-B&name=Launch')).toHaveLength(1);
  });
});

describe('formatForFile', () => {
  it.each([
    ['issues.CSV', '', 'csv'],
    ['WEB-export.json', '{"format":"trackboard-export","version":1', 'trackboard'],
    ['board.json', '{"id":"65a0","name":"x","labelNames":{"green":""}', 'trello'],
    ['other.json', '{}', 'trackboard'],
    ['WEB-export.ZIP', 'PK\u0003\u0004', 'trackboard'],
  ] as const)('%s → %s', (name, head, format) => {
    expect(formatForFile(name, head)).toBe(format);
  });
});
