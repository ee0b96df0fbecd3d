import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, fakeApi } from '@trackboard/web-kit/testing';
import { ada, renderProjectsAt, signInAs } from '../../testing/render-projects';

// The create form's errors at their fields, in words and within the server's limits.
async function openEmpty(routes = {}) {
  const server = fakeApi({ 'GET /api/projects': answer(200, []), ...routes });
  renderProjectsAt('/projects');
  await screen.findByText('No projects found. Create one to get started!');
  return server;
}

function fillIn(name: string, key: string) {
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Project Key'), { target: { value: key } });
}
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));

beforeEach(() => {
  signInAs(ada);
});

describe('creating a project: errors at the fields', () => {
  it('says what the key may hold before anything is typed', async () => {
    await openEmpty();
    expect(screen.getByLabelText('Project Key')).toHaveAccessibleDescription('1 to 10 characters, A–Z and 0–9');
  });

  it('says what it left out of a typed key, instead of changing it silently', async () => {
    await openEmpty();
    fireEvent.change(screen.getByLabelText('Project Key'), { target: { value: 'mob-1' } });
    expect(screen.getByLabelText('Project Key')).toHaveValue('MOB1');
    expect(screen.getByLabelText('Project Key')).toHaveAccessibleDescription(
      'Left out “-”: a key holds only A–Z and 0–9 (1 to 10 characters).',
    );
    fireEvent.change(screen.getByLabelText('Project Key'), { target: { value: 'MOB12' } });
    expect(screen.getByLabelText('Project Key')).toHaveAccessibleDescription('1 to 10 characters, A–Z and 0–9');
  });

  it('says a name over the limit at the field as it is typed, and sends nothing', async () => {
    const server = await openEmpty();
    fillIn('n'.repeat(101), 'WEB');
    const name = screen.getByLabelText('Project Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Project name can be at most 100 characters.');
    create();
    expect(server.callsTo('POST /api/projects')).toHaveLength(0);
  });

  it("shows the server's 400 at the field it names, not as a banner", async () => {
    await openEmpty({ 'POST /api/projects': answer(400, { message: 'key: must be 1 to 10 characters, A-Z and 0-9' }) });
    fillIn('Web Platform', 'WEB');
    create();
    const key = screen.getByLabelText('Project Key');
    await waitFor(() => expect(key).toHaveAttribute('aria-invalid', 'true'));
    expect(key).toHaveAccessibleDescription('Project key must be 1 to 10 characters, A-Z and 0-9.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's 'name: is too long' at the name", async () => {
    await openEmpty({ 'POST /api/projects': answer(400, { message: 'name: is too long' }) });
    fillIn('Web Platform', 'WEB');
    create();
    const name = screen.getByLabelText('Project Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Project name can be at most 100 characters.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
