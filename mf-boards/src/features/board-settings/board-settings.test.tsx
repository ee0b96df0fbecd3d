import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LabelDto } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, type FakeRoute, type RecordedCall, renderRemoteAt } from '@trackboard/web-kit/testing';
import BoardApp from '../../exposes/board-app';
import { ada, admin, board, grace, issue, signInAs } from '../../testing/board-fixtures';
import { installDomPolyfills } from '../../testing/dom-polyfills';

// The settings screen is a lazy chunk: slow to load on a busy machine.
jest.setTimeout(20000);
installDomPolyfills();

const bug: LabelDto = { id: '30', boardId: '1', name: 'bug', color: 'red' };
const qa: LabelDto = { id: '31', boardId: '1', name: 'qa', color: 'blue' };
/** Ada (7) leads the board; two issues carry bug, one qa. */
const data = board(
  [
    issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', labelIds: ['30', '31'] }),
    issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', labelIds: ['30'] }),
  ],
  { labels: [bug, qa] },
);
const usage = (counts: Record<string, number>) =>
  answer(
    200,
    [bug, qa].map((label) => ({ ...label, issueCount: counts[label.id] ?? 0 })),
  );

function renderAt(path: string, routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({
    'GET /api/boards/1': answer(200, data),
    'GET /api/boards/1/labels': usage({ 30: 2, 31: 1 }),
    'GET /api/projects/WEB': answer(200, { key: 'WEB', name: 'Website' }),
    ...routes,
  });
  return { server, ...renderRemoteAt(BoardApp, ['boards/*'], path) };
}
async function openSettings(routes: Record<string, FakeRoute> = {}) {
  const view = renderAt('/boards/1/settings', routes);
  await screen.findByRole('heading', { level: 1, name: 'Board settings' });
  const labels = screen.getByRole('region', { name: 'Labels' });
  await within(labels).findByText('2 issues');
  return { ...view, labels };
}
const announced = () => screen.getByTestId('label-announcer').textContent;

beforeEach(() => {
  socketManager.disconnect();
  signInAs(ada);
});

describe('the board header’s "Board settings"', () => {
  it('is offered to the board’s lead, and leads to the settings', async () => {
    renderAt('/boards/1');
    fireEvent.click(await screen.findByRole('link', { name: 'Board settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Board settings' })).toBeInTheDocument();
  });

  it('is offered to an admin who does not lead the board', async () => {
    signInAs(admin);
    renderAt('/boards/1');
    expect(await screen.findByRole('link', { name: 'Board settings' })).toHaveAttribute('href', '/boards/1/settings');
  });

  it('is not offered to a member', async () => {
    signInAs(grace);
    renderAt('/boards/1');
    await screen.findByRole('heading', { level: 1, name: 'Web board' });
    expect(screen.queryByRole('link', { name: 'Board settings' })).toBeNull();
  });
});

describe('the settings screen', () => {
  it('tells a member it is not theirs (403), with the way back', async () => {
    signInAs(grace);
    renderAt('/boards/1/settings');
    expect(await screen.findByRole('heading', { level: 1, name: '403 - Not Authorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have the necessary permissions to access this page.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Labels' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/boards/1');
  });

  it('lists the labels with their counts, and the board’s columns with their menus', async () => {
    const { labels } = await openSettings();
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringMatching(/^bug2 issues/), expect.stringMatching(/^qa1 issue/)]);
    const columns = screen.getByRole('region', { name: 'Columns' });
    expect(within(columns).getByRole('button', { name: 'Column actions for To Do' })).toBeInTheDocument();
    expect(within(columns).getByRole('button', { name: '+ Add column' })).toBeInTheDocument();
    expect(document.title).toBe('Settings · Web board · Trackboard');
  });

  it('renames a label in place: Enter saves, the focus comes back, and it is said', async () => {
    const renamed = { ...qa, name: 'quality' };
    const { labels, server } = await openSettings({ 'PATCH /api/labels/31': answer(200, renamed) });
    fireEvent.click(within(labels).getByRole('button', { name: 'Rename label qa' }));
    const name = within(labels).getByRole('textbox', { name: 'Label name' });
    expect(name).toHaveFocus();
    fireEvent.change(name, { target: { value: ' quality ' } });
    fireEvent.submit(name.closest('form')!);
    const button = await within(labels).findByRole('button', { name: 'Rename label quality' });
    expect(server.callsTo('PATCH /api/labels/31').map((call) => call.body)).toEqual([{ name: 'quality' }]);
    expect(button).toHaveFocus();
    expect(announced()).toBe('Renamed the label qa to quality.');
  });

  it('says why a name was refused, at the field, and Escape cancels', async () => {
    const { labels } = await openSettings({
      'PATCH /api/labels/31': answer(409, { message: 'A label with this name already exists on this board.' }),
    });
    fireEvent.click(within(labels).getByRole('button', { name: 'Rename label qa' }));
    const name = within(labels).getByRole('textbox', { name: 'Label name' });
    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    expect(within(labels).getByText('Label name can be at most 50 characters.')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'BUG' } });
    fireEvent.submit(name.closest('form')!);
    expect(await within(labels).findByRole('alert')).toHaveTextContent(
      'A label with this name already exists on this board.',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(within(labels).getByRole('button', { name: 'Rename label qa' })).toHaveFocus();
  });

  it('recolours a label from the palette', async () => {
    const { labels, server } = await openSettings({
      'PATCH /api/labels/31': (call: RecordedCall) => answer(200, { ...qa, ...(call.body as object) }),
    });
    fireEvent.click(within(labels).getByRole('button', { name: 'Colour of label qa' }));
    const palette = within(labels).getByRole('form', { name: 'Colour of qa' });
    expect(
      within(palette)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'gray']);
    expect(within(palette).getByRole('radio', { name: 'Blue' })).toBeChecked();
    fireEvent.click(within(palette).getByRole('radio', { name: 'Green' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(labels).queryByRole('form', { name: 'Colour of qa' })).toBeNull());
    expect(server.callsTo('PATCH /api/labels/31').map((call) => call.body)).toEqual([{ color: 'green' }]);
    expect(announced()).toBe('The label qa is now green.');
  });

  it('asks before deleting, naming how many issues carry the label, and moves the focus on', async () => {
    const { labels, server } = await openSettings({ 'DELETE /api/labels/30': answer(204) });
    fireEvent.click(within(labels).getByRole('button', { name: 'Delete label bug' }));
    const confirm = within(labels).getByRole('form', { name: 'Delete bug' });
    expect(confirm).toHaveTextContent('Delete the label "bug"? 2 issues carry it and will lose it.');
    // Cancel has the focus: an Enter by habit deletes nothing.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(server.callsTo('DELETE /api/labels/30')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(labels).queryByText('bug')).toBeNull());
    expect(server.callsTo('DELETE /api/labels/30')).toHaveLength(1);
    expect(within(labels).getByRole('button', { name: 'Rename label qa' })).toHaveFocus();
    expect(announced()).toBe('Deleted the label bug.');
  });

  it('shows labels and columns without their controls while the project is archived', async () => {
    const view = renderAt('/boards/1/settings', {
      'GET /api/projects/WEB': answer(200, { key: 'WEB', name: 'Website', archivedAt: '2026-01-01T00:00:00.000Z' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Board settings' });
    await screen.findByText(/archived/i);
    const labels = screen.getByRole('region', { name: 'Labels' });
    expect(within(labels).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Column actions/ })).toBeNull();
    view.unmount();
  });
});
