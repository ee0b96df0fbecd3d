import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProjectDto } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';

// The project's Estimates setting: the lead chooses none, points or T-shirt sizes in edit mode.
const web = projectDto({ others: [bob] });

async function open(user = ada, routes: Record<string, FakeRoute> = {}) {
  signInAs(user);
  const server = fakeApi({ 'GET /api/projects/WEB': answer(200, web), ...routes });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: web.name });
  return server;
}
const select = () => screen.getByRole('combobox', { name: 'Estimates' });
const save = () => screen.getByRole('button', { name: 'Save Estimates' });

describe('the project’s estimates setting', () => {
  it('lets the lead choose a scale in edit mode and saves only a change', async () => {
    const server = await open(ada, {
      'PUT /api/projects/WEB': (call: RecordedCall) => answer(200, { ...web, ...(call.body as Partial<ProjectDto>) }),
    });
    expect(screen.queryByRole('combobox', { name: 'Estimates' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    expect(select()).toHaveValue('none');
    expect(select()).toHaveAccessibleDescription(/Columns add up the estimates/);
    expect([...select().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'None',
      'Points (1, 2, 3, 5, 8)',
      'T-shirt sizes (XS–XL)',
    ]);
    expect(save()).toBeDisabled();
    fireEvent.change(select(), { target: { value: 'tshirt' } });
    fireEvent.click(save());
    await waitFor(() =>
      expect(server.callsTo('PUT /api/projects/WEB').map((c) => c.body)).toEqual([{ estimateScale: 'tshirt' }]),
    );
    expect(await screen.findByText('Estimates saved.')).toBeInTheDocument();
    expect(select()).toHaveValue('tshirt');
    expect(save()).toBeDisabled();
  });

  it('says why a change was refused', async () => {
    await open(ada, {
      'PUT /api/projects/WEB': answer(403, { message: 'Only the project lead can change this project.' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    fireEvent.change(select(), { target: { value: 'points' } });
    fireEvent.click(save());
    expect(
      await screen.findByText('Failed to change estimates. Only the project lead can change this project.'),
    ).toBeInTheDocument();
  });

  it('is not offered to a member who does not lead the project', async () => {
    await open(bob);
    expect(screen.queryByRole('button', { name: 'Edit Project' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Estimates' })).toBeNull();
  });
});
