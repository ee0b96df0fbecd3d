import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectCycles } from '@trackboard/contracts';
import { setLanguage } from '@trackboard/web-kit';
import { answer, answerConfirm, fakeApi, type FakeRoute, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, bob, cyd, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

const web = projectDto({ others: [bob, cyd] });
const path = () => screen.getByTestId('current-path').textContent;
/** The team's list (the breadcrumb is a list too). */
const team = () => within(within(screen.getByRole('region', { name: /^Team Members/ })).getByRole('list'));
const members = () => team().getAllByRole('listitem');
const member = (name: string) => team().getByRole('listitem', { name });

async function openAs(
  user: typeof ada,
  project = web,
  extraRoutes: Record<string, FakeRoute> = {},
  session: object = {},
) {
  signInAs(user, session);
  const server = fakeApi({ 'GET /api/projects/WEB': answer(200, project), ...extraRoutes });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: project.name });
  return server;
}

async function openForEditing(extraRoutes: Record<string, FakeRoute> = {}, project = web) {
  const server = await openAs(ada, project, extraRoutes);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
  return server;
}

describe('Project details, /projects/{key}', () => {
  it('sends a visitor who is not signed in to /login, without calling the server', () => {
    const server = fakeApi();
    renderProjectsAt('/projects/WEB');
    expect(path()).toBe('/login');
    expect(server.calls).toHaveLength(0);
  });

  it('shows a loading state, then name, key, description, lead and the team with its count', async () => {
    signInAs(bob);
    const held = heldAnswer();
    fakeApi({ 'GET /api/projects/WEB': held.route });
    renderProjectsAt('/projects/WEB');
    expect(screen.getByRole('status')).toHaveTextContent('Loading project details...');

    held.release(answer(200, web));
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Platform' })).toBeInTheDocument();
    expect(screen.getByText('WEB')).toBeInTheDocument();
    expect(screen.getByText('The public web site.')).toBeInTheDocument();
    const lead = screen.getByRole('region', { name: 'Project Lead' });
    expect(lead).toHaveTextContent('Ada Lovelace');
    expect(lead).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Team Members (3)' })).toBeInTheDocument();
    expect(members().map((item) => item.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace',
      'Bob Builder',
      'Cyd Charisse',
    ]);
    expect(member('Ada Lovelace')).toHaveTextContent('Lead');
    expect(member('Bob Builder')).toHaveTextContent('bob@example.com');
  });

  it('titles the browser tab with the project name', async () => {
    document.title = 'Trackboard';
    await openAs(bob);
    expect(document.title).toBe('Web Platform · Trackboard');
  });

  it('shows the way back: Projects › {project name}, the project as the current page', async () => {
    await openAs(bob);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const steps = within(within(nav).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace('›', ''))).toEqual(['Projects', 'Web Platform']);
    expect(within(steps[1]!).getByText('Web Platform')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Projects' }));
    expect(path()).toBe('/projects');
  });

  it('says "No description provided." for a project without one', async () => {
    await openAs(bob, projectDto({ description: '' }));
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent('No description provided.');
  });

  it('opens the first board with View Board', async () => {
    await openAs(
      bob,
      projectDto({
        boards: [
          { id: '77', name: 'First', issueCount: 0 },
          { id: '78', name: 'Second', issueCount: 0 },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'View Board' }));
    expect(path()).toBe('/boards/77');
  });

  it('disables View Board for a project without a board', async () => {
    await openAs(bob, projectDto({ boards: [] }));
    expect(screen.getByRole('button', { name: 'View Board' })).toBeDisabled();
  });

  it('says so when the project does not exist or is not the visitor’s (404)', async () => {
    signInAs(bob);
    fakeApi({ 'GET /api/projects/NOPE': answer(404, { message: 'Project not found' }) });
    renderProjectsAt('/projects/NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Project not found or you may not have access.');
  });

  it('shows why the project could not be loaded otherwise', async () => {
    signInAs(bob);
    fakeApi({ 'GET /api/projects/WEB': answer(500, { message: 'Internal server error' }) });
    renderProjectsAt('/projects/WEB');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading project: Internal server error');
  });

  it('offers no editing to a member who is not the lead', async () => {
    await openAs(bob);
    expect(screen.queryByRole('button', { name: 'Edit Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('knows the lead whatever the type of the stored user id', async () => {
    await openAs({ ...ada, id: 1 as unknown as string });
    expect(screen.getByRole('button', { name: 'Edit Project' })).toBeInTheDocument();
  });
});

describe('in German', () => {
  const cycles: ProjectCycles = {
    projectKey: 'WEB',
    settings: { enabled: true, weeks: 2, startDay: 1 },
    cycles: [
      {
        id: '42',
        number: 2,
        name: 'Sprint 2',
        startsOn: '2031-03-03',
        endsOn: '2031-03-17',
        state: 'current',
        scope: { issues: 4, points: 10 },
        done: { issues: 1, points: 3 },
        started: { issues: 2, points: 5 },
      },
    ],
  };
  // Back to the browser's language (English in jsdom): the tests after these read English.
  afterEach(() => act(() => setLanguage(null)));

  it('shows the project, its team, boards and cycles in German, dates the German way', async () => {
    await act(() => setLanguage('de'));
    await openAs(bob, web, { 'GET /api/projects/WEB/cycles': answer(200, cycles) });
    expect(screen.getByRole('region', { name: 'Projektleitung' })).toHaveTextContent('Ada Lovelace');
    const team = screen.getByRole('region', { name: 'Teammitglieder (3)' });
    expect(within(team).getByRole('listitem', { name: 'Ada Lovelace' })).toHaveTextContent('Leitung');
    expect(screen.getByRole('button', { name: 'Board anzeigen' })).toBeEnabled();
    expect(screen.getByRole('listitem', { name: 'Web Platform Board' })).toHaveTextContent('3 Vorgänge');
    const cycle = await within(screen.getByRole('region', { name: 'Zyklen' })).findByRole('listitem');
    expect(cycle).toHaveTextContent('Aktuell');
    expect(cycle).toHaveTextContent('3. März – 16. März');
    expect(cycle).toHaveTextContent('1 von 4 erledigt');
    expect(screen.getByRole('region', { name: 'Exportieren' })).toHaveTextContent('JSON herunterladen');
  });

  it('asks in German before removing a member', async () => {
    await act(() => setLanguage('de'));
    await openAs(ada);
    fireEvent.click(screen.getByRole('button', { name: 'Projekt bearbeiten' }));
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Bob Builder' })).getByRole('button', { name: 'Entfernen' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Mitglied entfernen?' });
    expect(dialog).toHaveTextContent('Möchten Sie Bob Builder wirklich aus diesem Projekt entfernen?');
  });
});

describe('editing name and description', () => {
  it('lets the lead switch to edit mode and back; Cancel resets the fields', async () => {
    await openForEditing();
    expect(screen.queryByRole('button', { name: 'Edit Project' })).not.toBeInTheDocument();
    const name = screen.getByLabelText('Project Name');
    expect(name).toHaveValue('Web Platform');
    expect(screen.getByLabelText('Description')).toHaveValue('The public web site.');
    fireEvent.change(name, { target: { value: 'Something else' } });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Project Name')).not.toBeInTheDocument();
    expect(screen.getByText('The public web site.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    expect(screen.getByLabelText('Project Name')).toHaveValue('Web Platform');
  });

  it('enables Save Description only when something changed', async () => {
    await openForEditing();
    const save = screen.getByRole('button', { name: 'Save Description' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'New words' } });
    expect(save).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'The public web site.' } });
    expect(save).toBeDisabled();
  });

  it('sends only the changed field and shows the saved project', async () => {
    const saved = { ...web, description: 'New words' };
    const server = await openForEditing({ 'PUT /api/projects/WEB': answer(200, saved) });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Description' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Description' })).toBeDisabled());
    expect(server.callsTo('PUT /api/projects/WEB').map((call) => call.body)).toEqual([{ description: 'New words' }]);
    expect(screen.getByLabelText('Description')).toHaveValue('New words');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('New words')).toBeInTheDocument();
  });

  it('sends a changed name trimmed, with an unchanged description left out', async () => {
    const server = await openForEditing({ 'PUT /api/projects/WEB': answer(200, { ...web, name: 'Web Site' }) });
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: '  Web Site ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Description' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Site' })).toBeInTheDocument();
    expect(server.callsTo('PUT /api/projects/WEB')[0]!.body).toEqual({ name: 'Web Site' });
  });

  it('refuses a blank name', async () => {
    const server = await openForEditing();
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: '   ' } });
    expect(screen.getByText('Project name cannot be empty.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Description' });
    expect(save).toBeDisabled();
    fireEvent.submit(save.closest('form')!);
    expect(server.callsTo('PUT /api/projects/WEB')).toHaveLength(0);
  });

  it('says why an update failed', async () => {
    await openForEditing({
      'PUT /api/projects/WEB': answer(403, { message: 'Only the project lead can change this project.' }),
    });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Description' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Update failed: Only the project lead can change this project.',
    );
    expect(screen.getByLabelText('Description')).toHaveValue('New words');
  });
});

describe('changing the lead', () => {
  const confirmText =
    'Are you sure you want to make Bob Builder the new project lead? You will lose editing rights for this project.';

  it('needs a member other than the current lead', async () => {
    const server = await openForEditing();
    expect(screen.getByLabelText('Change Project Lead')).toHaveValue('1');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm New Lead' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select a valid new lead different from the current one.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.callsTo('PUT /api/projects/WEB')).toHaveLength(0);
  });

  it('offers the project’s members', async () => {
    await openForEditing();
    const options = within(screen.getByLabelText('Change Project Lead')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['1', '2', '3']);
  });

  it('asks for confirmation and does nothing when declined', async () => {
    const server = await openForEditing();
    fireEvent.change(screen.getByLabelText('Change Project Lead'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm New Lead' }));
    await answerConfirm(false, confirmText);
    expect(server.callsTo('PUT /api/projects/WEB')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('hands the lead over, leaves edit mode and takes the edit rights away', async () => {
    const handedOver = projectDto({ lead: bob, others: [ada, cyd] });
    const server = await openForEditing({ 'PUT /api/projects/WEB': answer(200, handedOver) });
    fireEvent.change(screen.getByLabelText('Change Project Lead'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm New Lead' }));
    await answerConfirm(true, confirmText);

    await waitFor(() => expect(screen.getByRole('region', { name: 'Project Lead' })).toHaveTextContent('Bob Builder'));
    expect(server.callsTo('PUT /api/projects/WEB')[0]!.body).toEqual({ leadId: '2' });
    expect(screen.queryByLabelText('Change Project Lead')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Project Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('says why the lead could not change', async () => {
    await openForEditing({
      'PUT /api/projects/WEB': answer(409, { message: 'The new lead must be a member of the project.' }),
    });
    fireEvent.change(screen.getByLabelText('Change Project Lead'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm New Lead' }));
    await answerConfirm(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to change lead. The new lead must be a member of the project.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});

describe('adding a member', () => {
  const typeEmail = (email: string) =>
    fireEvent.change(screen.getByLabelText('Member Email'), { target: { value: email } });
  const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));

  it.each(['', 'not-an-email', 'a@b', 'two words@example.com'])('refuses %j as an e-mail address', async (email) => {
    const server = await openForEditing();
    typeEmail(email);
    add();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(server.callsTo('POST /api/projects/WEB/members')).toHaveLength(0);
  });

  it('refuses someone already in the team, whatever the case of the address', async () => {
    const server = await openForEditing();
    typeEmail('BOB@Example.com');
    add();
    expect(screen.getByRole('alert')).toHaveTextContent('BOB@Example.com is already a member of this project.');
    expect(server.callsTo('POST /api/projects/WEB/members')).toHaveLength(0);
  });

  it('adds the member, shows the new team and clears the field', async () => {
    const dee = { id: '4', name: 'Dee Dee', email: 'dee@example.com' };
    const server = await openForEditing({
      'POST /api/projects/WEB/members': answer(201, projectDto({ others: [bob, cyd, dee] })),
    });
    typeEmail(' dee@example.com ');
    add();
    expect(await screen.findByRole('heading', { name: 'Team Members (4)' })).toBeInTheDocument();
    expect(member('Dee Dee')).toHaveTextContent('dee@example.com');
    expect(server.callsTo('POST /api/projects/WEB/members')[0]!.body).toEqual({
      email: 'dee@example.com',
      role: 'member',
    });
    expect(screen.getByLabelText('Member Email')).toHaveValue('');
  });

  it.each([
    [answer(404, { message: 'User not found' }), 'Failed to add member. User not found'],
    [
      answer(409, { message: 'dee@example.com is already a member of this project.' }),
      'Failed to add member. dee@example.com is already a member of this project.',
    ],
    [answer(500), 'Failed to add member. User not found or server error.'],
  ])('says why the member could not be added (%#)', async (reply, message) => {
    await openForEditing({ 'POST /api/projects/WEB/members': reply });
    typeEmail('dee@example.com');
    add();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Member Email')).toHaveValue('dee@example.com');
  });
});

describe('removing a member', () => {
  const removeButtons = (name: string) =>
    within(member(name))
      .queryAllByRole('button')
      .map((button) => button.textContent);

  it('shows no removal outside edit mode', async () => {
    await openAs(ada);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('gives the lead a Remove button for every member but the lead', async () => {
    await openForEditing();
    expect(removeButtons('Ada Lovelace')).toEqual([]);
    expect(removeButtons('Bob Builder')).toEqual(['Remove']);
    expect(removeButtons('Cyd Charisse')).toEqual(['Remove']);
  });

  it('gives a user with role admin "Remove (Admin)" for any non-lead member', async () => {
    await openAs(root, projectDto({ lead: root, others: [bob, cyd] }), {}, { role: 'admin', isAdmin: true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    expect(removeButtons('Root Admin')).toEqual([]);
    expect(removeButtons('Bob Builder')).toContain('Remove (Admin)');
    expect(removeButtons('Cyd Charisse')).toContain('Remove (Admin)');
  });

  it('gives an admin who also leads the project one button per member, in the admin wording', async () => {
    await openAs(root, projectDto({ lead: root, others: [bob, cyd] }), {}, { role: 'admin', isAdmin: true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    expect(removeButtons('Root Admin')).toEqual([]);
    expect(removeButtons('Bob Builder')).toEqual(['Remove (Admin)']);
    expect(removeButtons('Cyd Charisse')).toEqual(['Remove (Admin)']);
  });

  it('asks first and does nothing when declined', async () => {
    const server = await openForEditing();
    fireEvent.click(within(member('Bob Builder')).getByRole('button', { name: 'Remove' }));
    await answerConfirm(false, 'Are you sure you want to remove Bob Builder from this project?');
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('removes the member and shows the team as the server now has it', async () => {
    const server = await openForEditing({
      'DELETE /api/projects/WEB/members/2': answer(200, projectDto({ others: [cyd] })),
    });
    fireEvent.click(within(member('Bob Builder')).getByRole('button', { name: 'Remove' }));
    await answerConfirm(true);
    expect(await screen.findByRole('heading', { name: 'Team Members (2)' })).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/projects/WEB/members/2')).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Bob Builder' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('removes with "Remove (Admin)" too', async () => {
    const server = await openAs(
      root,
      projectDto({ lead: root, others: [bob, cyd] }),
      {
        'DELETE /api/projects/WEB/members/3': answer(200, projectDto({ lead: root, others: [bob] })),
      },
      { role: 'admin' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    fireEvent.click(within(member('Cyd Charisse')).getByRole('button', { name: 'Remove (Admin)' }));
    await answerConfirm(true);
    expect(await screen.findByRole('heading', { name: 'Team Members (2)' })).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/projects/WEB/members/3')).toHaveLength(1);
  });

  it('says why the member could not be removed', async () => {
    await openForEditing({
      'DELETE /api/projects/WEB/members/2': answer(409, { message: 'The project lead cannot be removed.' }),
    });
    fireEvent.click(within(member('Bob Builder')).getByRole('button', { name: 'Remove' }));
    await answerConfirm(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('The project lead cannot be removed.');
    expect(members()).toHaveLength(3);
  });
});

describe('roles', () => {
  const withViewer = projectDto({ others: [bob], viewers: [cyd] });

  it('tags a viewer in the team, and offers no role change outside edit mode', async () => {
    await openAs(bob, withViewer);
    expect(member('Cyd Charisse')).toHaveTextContent('Viewer');
    expect(member('Bob Builder')).not.toHaveTextContent('Viewer');
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).not.toBeInTheDocument();
  });

  it('lets the lead make a member a viewer, and shows the team as the server now has it', async () => {
    const server = await openForEditing(
      { 'PATCH /api/projects/WEB/members/2': answer(200, projectDto({ others: [], viewers: [bob, cyd] })) },
      withViewer,
    );
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Cyd Charisse' })).toHaveValue('viewer');
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Bob Builder' }), { target: { value: 'viewer' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Bob Builder' })).toHaveValue('viewer'));
    expect(server.callsTo('PATCH /api/projects/WEB/members/2')[0]!.body).toEqual({ role: 'viewer' });
  });

  it('says why a role change failed', async () => {
    await openForEditing(
      { 'PATCH /api/projects/WEB/members/3': answer(409, { message: 'This project is archived.' }) },
      withViewer,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Cyd Charisse' }), { target: { value: 'member' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change the role: This project is archived.');
  });

  it('adds someone as a viewer', async () => {
    const dee = { id: '4', name: 'Dee Dee', email: 'dee@example.com' };
    const server = await openForEditing({
      'POST /api/projects/WEB/members': answer(201, projectDto({ others: [bob, cyd], viewers: [dee] })),
    });
    fireEvent.change(screen.getByLabelText('Member Email'), { target: { value: 'dee@example.com' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of the new member' }), { target: { value: 'viewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('heading', { name: 'Team Members (4)' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/members')[0]!.body).toEqual({
      email: 'dee@example.com',
      role: 'viewer',
    });
    expect(member('Dee Dee')).toBeInTheDocument();
  });

  it("lets the lead turn viewers' comments off", async () => {
    const server = await openForEditing({
      'PUT /api/projects/WEB': answer(200, projectDto({ others: [bob, cyd], viewersMayComment: false })),
    });
    const allowed = screen.getByRole('checkbox', { name: 'Viewers may comment' });
    expect(allowed).toBeChecked();
    fireEvent.click(allowed);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Viewers may comment' })).not.toBeChecked());
    expect(server.callsTo('PUT /api/projects/WEB')[0]!.body).toEqual({ viewersMayComment: false });
  });
});
