import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';

const web = projectDto();
const api = projectDto({ id: '11', key: 'API', name: 'Public API', description: '' });

const path = () => screen.getByTestId('current-path').textContent;
const card = (name: string) => screen.getByRole('article', { name });

function fillIn(name: string, key: string) {
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Project Key'), { target: { value: key } });
}
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));

beforeEach(() => {
  signInAs(ada);
});

describe('Projects, /projects', () => {
  it('shows a loading state, then one card per project with name, key and description', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/projects': held.route });
    renderProjectsAt('/projects');
    expect(screen.getByRole('status')).toHaveTextContent('Loading projects...');

    held.release(answer(200, [web, api]));
    const webCard = await screen.findByRole('article', { name: 'Web Platform' });
    expect(within(webCard).getByText('WEB')).toBeInTheDocument();
    expect(within(webCard).getByText('The public web site.')).toBeInTheDocument();
    expect(within(card('Public API')).getByText('API')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "No description provided." for a project without one', async () => {
    fakeApi({ 'GET /api/projects': answer(200, [api]) });
    renderProjectsAt('/projects');
    expect(await screen.findByRole('article', { name: 'Public API' })).toHaveTextContent('No description provided.');
  });

  it('opens the details with Details and the board with Board', async () => {
    fakeApi({ 'GET /api/projects': answer(200, [web]), 'GET /api/projects/WEB': answer(200, web) });
    const first = renderProjectsAt('/projects');
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Web Platform' })).getByRole('button', { name: 'Details' }),
    );
    expect(path()).toBe('/projects/WEB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Platform' })).toBeInTheDocument();
    first.unmount();

    renderProjectsAt('/projects');
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Web Platform' })).getByRole('button', { name: 'Board' }),
    );
    expect(path()).toBe('/board/WEB');
    await waitFor(() => expect(path()).toBe('/boards/77'));
  });

  it('has an empty state', async () => {
    fakeApi({ 'GET /api/projects': answer(200, []) });
    renderProjectsAt('/projects');
    expect(await screen.findByText('No projects found. Create one to get started!')).toBeInTheDocument();
  });

  it('shows why the list could not be loaded', async () => {
    fakeApi({ 'GET /api/projects': answer(503, { message: 'Service unavailable' }) });
    renderProjectsAt('/projects');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading projects: Service unavailable');
  });

  it('falls back to the service default when the server gives no reason', async () => {
    fakeApi({ 'GET /api/projects': answer(400) });
    renderProjectsAt('/projects');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading projects: Failed to fetch projects');
  });
});

describe('in German', () => {
  // Back to the browser's language (English in jsdom): the tests after these read English.
  afterEach(() => act(() => setLanguage(null)));

  it('shows the list, its search and sort and each card in German', async () => {
    fakeApi({ 'GET /api/projects': answer(200, [web, api]) });
    await act(() => setLanguage('de'));
    renderProjectsAt('/projects');
    const apiCard = await screen.findByRole('article', { name: 'Public API' });
    expect(screen.getByRole('heading', { level: 1, name: 'Projekte' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neues Projekt erstellen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Projektname')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Projekt erstellen' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Nach Name oder Schlüssel suchen')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Zuletzt aktiv' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Ihre Projekte' })).toBeInTheDocument();
    expect(apiCard).toHaveTextContent('Keine Beschreibung vorhanden.');
    expect(within(apiCard).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByText('Create New Project')).not.toBeInTheDocument();
  });

  it('says in German what a typed key left out', async () => {
    fakeApi({ 'GET /api/projects': answer(200, []) });
    await act(() => setLanguage('de'));
    renderProjectsAt('/projects');
    expect(await screen.findByText('Keine Projekte gefunden. Erstellen Sie eines, um loszulegen!')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Projektschlüssel'), { target: { value: 'mob-1' } });
    expect(
      screen.getByText('„-“ weggelassen: Ein Schlüssel besteht nur aus A–Z und 0–9 (1 bis 10 Zeichen).'),
    ).toBeInTheDocument();
  });
});

describe('creating a project', () => {
  it('forces the key to upper case, A-Z and 0-9 only, 10 characters at most', async () => {
    fakeApi({ 'GET /api/projects': answer(200, []) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    const key = screen.getByLabelText('Project Key');
    fireEvent.change(key, { target: { value: 'we-b 2!' } });
    expect(key).toHaveValue('WEB2');
    fireEvent.change(key, { target: { value: 'abcdefghijklmno' } });
    expect(key).toHaveValue('ABCDEFGHIJ');
  });

  it.each([
    ['', 'WEB'],
    ['   ', 'WEB'],
    ['Web Platform', ''],
    ['Web Platform', '--'],
  ])('needs both a name and a key (name %j, key %j)', async (name, key) => {
    const server = fakeApi({ 'GET /api/projects': answer(200, []) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    fillIn(name, key);
    create();
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both a project name and key.');
    expect(server.callsTo('POST /api/projects')).toHaveLength(0);
  });

  it('sends name and key, shows the new project first (the most recently active) and clears the form', async () => {
    const created = projectDto({
      id: '12',
      key: 'NEW1',
      name: 'New Thing',
      description: '',
      lastActiveAt: '2025-01-01T00:00:00.000Z',
    });
    const server = fakeApi({ 'GET /api/projects': answer(200, [web]), 'POST /api/projects': answer(201, created) });
    renderProjectsAt('/projects');
    await screen.findByRole('article', { name: 'Web Platform' });

    fillIn('  New Thing ', 'new1');
    create();
    expect(await screen.findByRole('article', { name: 'New Thing' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects')[0]!.body).toEqual({ name: 'New Thing', key: 'NEW1' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'project-card-NEW1',
      'project-card-WEB',
    ]);
    expect(screen.getByLabelText('Project Name')).toHaveValue('');
    expect(screen.getByLabelText('Project Key')).toHaveValue('');
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
    expect(server.callsTo('GET /api/projects')).toHaveLength(1);
  });

  it('replaces the empty state with the first project', async () => {
    fakeApi({ 'GET /api/projects': answer(200, []), 'POST /api/projects': answer(201, web) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    fillIn('Web Platform', 'WEB');
    create();
    await screen.findByRole('article', { name: 'Web Platform' });
    expect(screen.queryByText('No projects found. Create one to get started!')).not.toBeInTheDocument();
  });

  it('disables the button while the project is being created', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/projects': answer(200, []), 'POST /api/projects': held.route });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    fillIn('Web Platform', 'WEB');
    create();
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    held.release(answer(201, web));
    expect(await screen.findByRole('button', { name: 'Create Project' })).toBeEnabled();
  });

  it.each([
    [
      answer(409, { message: 'A project with this key already exists.' }),
      'Failed to create project: A project with this key already exists.',
    ],
    [answer(500), 'Failed to create project: Failed to create project'],
    // A 400 naming a field is said at that field: create-project-form.test.tsx.
  ])('says why a creation failed and keeps what was typed (%#)', async (reply, message) => {
    fakeApi({ 'GET /api/projects': answer(200, [web]), 'POST /api/projects': reply });
    renderProjectsAt('/projects');
    await screen.findByRole('article', { name: 'Web Platform' });
    fillIn('Web Again', 'WEB');
    create();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.getByLabelText('Project Name')).toHaveValue('Web Again');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says why when the server cannot be reached', async () => {
    const server = fakeApi({ 'GET /api/projects': answer(200, []) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    server.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fillIn('Web Platform', 'WEB');
    create();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create project: Failed to fetch');
  });
});

describe('a description at creation', () => {
  it('sends the description typed, as typed', async () => {
    const created = projectDto({ id: '12', key: 'NEW1', name: 'New Thing', description: 'What it is for' });
    const server = fakeApi({ 'GET /api/projects': answer(200, []), 'POST /api/projects': answer(201, created) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    fillIn('New Thing', 'NEW1');
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: 'What it is for\n' } });
    create();
    expect(await screen.findByRole('article', { name: 'New Thing' })).toHaveTextContent('What it is for');
    expect(server.callsTo('POST /api/projects')[0]!.body).toEqual({
      name: 'New Thing',
      key: 'NEW1',
      description: 'What it is for\n',
    });
  });

  it('says a description over the limit at the field, and sends nothing', async () => {
    const server = fakeApi({ 'GET /api/projects': answer(200, []) });
    renderProjectsAt('/projects');
    await screen.findByText('No projects found. Create one to get started!');
    fillIn('New Thing', 'NEW1');
    const description = screen.getByLabelText('Description (optional)');
    fireEvent.change(description, { target: { value: 'x'.repeat(5001) } });
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription('Description can be at most 5000 characters.');
    create();
    expect(server.callsTo('POST /api/projects')).toHaveLength(0);
  });
});

describe('searching and sorting the projects', () => {
  const list = [
    projectDto({ id: '1', key: 'WEB', name: 'Web Platform', lastActiveAt: '2025-03-01T00:00:00.000Z' }),
    projectDto({ id: '2', key: 'API', name: 'Public API', lastActiveAt: '2025-05-01T00:00:00.000Z' }),
    projectDto({ id: '3', key: 'OPS', name: 'Analytics', lastActiveAt: '2025-01-01T00:00:00.000Z' }),
  ];
  const shown = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby')!.slice(13));

  async function open() {
    fakeApi({ 'GET /api/projects': answer(200, list) });
    renderProjectsAt('/projects');
    await screen.findByRole('article', { name: 'Web Platform' });
  }

  it('lists the most recently active first, then by name or by key as chosen', async () => {
    await open();
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Recently active');
    expect(shown()).toEqual(['API', 'WEB', 'OPS']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    expect(shown()).toEqual(['OPS', 'API', 'WEB']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'key' } });
    expect(shown()).toEqual(['API', 'OPS', 'WEB']);
  });

  it('finds projects by name or key in any case, and says when none match', async () => {
    await open();
    const search = screen.getByRole('searchbox', { name: 'Search projects' });
    fireEvent.change(search, { target: { value: 'pub' } });
    expect(shown()).toEqual(['API']);
    fireEvent.change(search, { target: { value: 'ops' } });
    expect(shown()).toEqual(['OPS']);
    fireEvent.change(search, { target: { value: ' zzz ' } });
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No projects match “zzz”.');
    fireEvent.change(search, { target: { value: '' } });
    expect(shown()).toEqual(['API', 'WEB', 'OPS']);
  });
});

describe('archived projects', () => {
  const old = projectDto({ id: '12', key: 'OLD', name: 'Old Site', archivedAt: '2024-06-01T10:00:00.000Z' });

  it('are left out until "Show archived" is ticked, then listed with an Archived mark', async () => {
    const server = fakeApi({
      'GET /api/projects': answer(200, [web]),
      'GET /api/projects?archived=true': answer(200, [web, old]),
    });
    renderProjectsAt('/projects');
    await screen.findByRole('article', { name: 'Web Platform' });
    expect(screen.queryByRole('article', { name: 'Old Site' })).not.toBeInTheDocument();
    expect(within(card('Web Platform')).queryByText('Archived')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(within(await screen.findByRole('article', { name: 'Old Site' })).getByText('Archived')).toBeInTheDocument();
    expect(server.callsTo('GET /api/projects?archived=true')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old Site' })).not.toBeInTheDocument());
  });

  it('can be shown when every project is archived', async () => {
    fakeApi({ 'GET /api/projects': answer(200, []), 'GET /api/projects?archived=true': answer(200, [old]) });
    renderProjectsAt('/projects');
    expect(await screen.findByText('No projects found. Create one to get started!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(await screen.findByRole('article', { name: 'Old Site' })).toBeInTheDocument();
  });
});
