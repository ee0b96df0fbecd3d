import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, fakeApi, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';

// The edit form's errors at their fields, in words and within the server's limits.
const web = projectDto({ others: [bob] });

async function openForEditing(routes: Record<string, FakeRoute> = {}) {
  signInAs(ada);
  const server = fakeApi({ 'GET /api/projects/WEB': answer(200, web), ...routes });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: web.name });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
  return server;
}
const save = () => screen.getByRole('button', { name: 'Save Description' });

describe('editing a project: errors at the fields', () => {
  it('says a name or description over the limit at the field, and keeps Save disabled', async () => {
    const server = await openForEditing();
    const name = screen.getByLabelText('Project Name');
    fireEvent.change(name, { target: { value: 'n'.repeat(101) } });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Project name can be at most 100 characters.');
    expect(save()).toBeDisabled();

    fireEvent.change(name, { target: { value: 'Web' } });
    const description = screen.getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'd'.repeat(5001) } });
    expect(description).toHaveAccessibleDescription('Description can be at most 5000 characters.');
    expect(save()).toBeDisabled();
    fireEvent.submit(save().closest('form')!);
    expect(server.callsTo('PUT /api/projects/WEB')).toHaveLength(0);
  });

  it("shows the server's 400 at the field it names, not as a banner", async () => {
    await openForEditing({ 'PUT /api/projects/WEB': answer(400, { message: 'name: is too long' }) });
    const name = screen.getByLabelText('Project Name');
    fireEvent.change(name, { target: { value: 'Web Site' } });
    fireEvent.click(save());
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Project name can be at most 100 characters.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/name: is too long/)).toBeNull();
  });
});
