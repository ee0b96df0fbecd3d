import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, fakeApi, type FakeRoute, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, bob, cyd, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

// Deleting a project from its details: the lead or an admin, after typing its key.

const web = projectDto({ others: [bob, cyd] });
const path = () => screen.getByTestId('current-path').textContent;

async function openAs(user: typeof ada, routes: Record<string, FakeRoute> = {}, session: object = {}) {
  signInAs(user, session);
  const server = fakeApi({
    'GET /api/projects/WEB': answer(200, web),
    'GET /api/projects': answer(200, []),
    ...routes,
  });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: 'Web Platform' });
  return server;
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete Project' }));
  return screen.getByRole('dialog', { name: 'Delete Web Platform?' });
}
const typeKey = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('Type WEB to confirm'), { target: { value } });
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Delete this project' });

describe('deleting a project', () => {
  it('is offered to the lead and to an admin, not to a member', async () => {
    await openAs(bob);
    expect(screen.queryByRole('button', { name: 'Delete Project' })).not.toBeInTheDocument();
  });

  it.each([
    ['the lead', ada, {}],
    ['an admin', root, { role: 'admin', isAdmin: true }],
  ])('%s deletes it after typing its key, and lands on the list without it', async (_who, user, session) => {
    const server = await openAs(user, { 'DELETE /api/projects/WEB': answer(204) }, session);
    const dialog = openDialog();
    expect(dialog).toHaveAccessibleDescription(
      'This permanently removes the project with its boards, issues, comments, labels, activity and notifications. It cannot be undone.',
    );
    expect(confirmButton(dialog)).toBeDisabled();
    typeKey(dialog, 'WE');
    expect(confirmButton(dialog)).toBeDisabled();
    typeKey(dialog, 'web');
    expect(confirmButton(dialog)).toBeDisabled();
    fireEvent.click(confirmButton(dialog));
    expect(server.callsTo('DELETE /api/projects/WEB')).toHaveLength(0);

    typeKey(dialog, 'WEB');
    expect(confirmButton(dialog)).toBeEnabled();
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(path()).toBe('/projects'));
    expect(server.callsTo('DELETE /api/projects/WEB')).toHaveLength(1);
    expect(await screen.findByText('No projects found. Create one to get started!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes it and forgets what was typed; nothing is sent', async () => {
    const server = await openAs(ada);
    let dialog = openDialog();
    typeKey(dialog, 'WEB');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = openDialog();
    expect(within(dialog).getByLabelText('Type WEB to confirm')).toHaveValue('');
    expect(server.callsTo('DELETE /api/projects/WEB')).toHaveLength(0);
    expect(path()).toBe('/projects/WEB');
  });

  it('stays open and busy while deleting, and says why a delete failed', async () => {
    const held = heldAnswer();
    await openAs(ada, { 'DELETE /api/projects/WEB': held.route });
    const dialog = openDialog();
    typeKey(dialog, 'WEB');
    fireEvent.click(confirmButton(dialog));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    held.release(answer(403, { message: 'Only the project lead or an administrator can delete a project.' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete project: Only the project lead or an administrator can delete a project.',
    );
    expect(confirmButton(dialog)).toBeEnabled();
    expect(path()).toBe('/projects/WEB');
  });
});
