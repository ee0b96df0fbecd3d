import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserRef } from '@trackboard/contracts';
import { answer, fakeApi, heldAnswer, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, bob, cyd, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';
import { candidatesDebounceMs } from './member-candidates-api';

// The Add Member field as a picker: the lead types part of a name or e-mail, the people found
// are offered under it, and the one picked is added by e-mail as a typed address is.

const dan: UserRef = { id: '5', name: 'Dan Dare', email: 'dan@example.com' };
const dee: UserRef = { id: '4', name: 'Dee Dee', email: 'dee@example.com' };
const web = projectDto({ others: [bob, cyd] });

const candidates = (q: string) => `GET /api/projects/WEB/member-candidates?${new URLSearchParams({ q })}`;
const field = () => screen.getByRole('combobox', { name: 'Member Email' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const press = (key: string) => fireEvent.keyDown(field(), { key });
const options = () => within(screen.getByRole('listbox', { name: 'People to add' })).getAllByRole('option');
const names = () => options().map((option) => option.textContent);
const status = () => within(screen.getByRole('region', { name: 'Add Member' })).getByRole('status');
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function openForEditing(routes: Record<string, FakeRoute> = {}) {
  signInAs(ada);
  const server = fakeApi({ 'GET /api/projects/WEB': answer(200, web), ...routes });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: web.name });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
  return server;
}

const candidateCalls = (server: ReturnType<typeof fakeApi>) =>
  server.calls.filter((call) => call.path.startsWith('/api/projects/WEB/member-candidates')).map((call) => call.path);

describe('the Add Member picker', () => {
  it('offers the people matching what is typed, as "Name — email", once the typing pauses', async () => {
    const server = await openForEditing({ [candidates('de')]: answer(200, [dan, dee]) });
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-autocomplete', 'list');
    type('d');
    type('de');

    await screen.findByRole('listbox', { name: 'People to add' });
    expect(names()).toEqual(['Dan Dare — dan@example.com', 'Dee Dee — dee@example.com']);
    expect(candidateCalls(server)).toEqual(['/api/projects/WEB/member-candidates?q=de']);
    expect(server.callsTo(candidates('de'))[0]!.headers.Authorization).toBe('Bearer test-token');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    // Nothing is highlighted before the arrows are pressed: Enter still submits what is typed.
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(status()).toHaveTextContent('2 people found.');
  });

  it('moves through them with Down and Up, fills in the e-mail with Enter, and Add Member adds that person', async () => {
    const server = await openForEditing({
      [candidates('d')]: answer(200, [dan, dee]),
      'POST /api/projects/WEB/members': answer(201, projectDto({ others: [bob, cyd, dee] })),
    });
    type('d');
    await screen.findByRole('listbox');

    press('ArrowDown');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    press('ArrowDown');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    press('ArrowDown');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    press('ArrowUp');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');

    press('Enter');
    expect(field()).toHaveValue('dee@example.com');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');

    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('heading', { name: 'Team Members (4)' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/members').map((call) => call.body)).toEqual([
      { email: 'dee@example.com', role: 'member' },
    ]);
    expect(field()).toHaveValue('');
    // The address picked is not looked up again.
    expect(candidateCalls(server)).toEqual(['/api/projects/WEB/member-candidates?q=d']);
  });

  it('picks the one clicked, keeping the focus in the field', async () => {
    await openForEditing({ [candidates('da')]: answer(200, [dan]) });
    field().focus();
    type('da');
    await screen.findByRole('listbox');
    const option = options()[0]!;
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(field()).toHaveValue('dan@example.com');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the list with Escape, opens it again with Down, and closes it when the field is left', async () => {
    await openForEditing({ [candidates('de')]: answer(200, [dee]) });
    type('de');
    await screen.findByRole('listbox');
    press('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveValue('de');

    press('ArrowDown');
    await screen.findByRole('listbox');
    fireEvent.blur(field());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves out anyone already in the team', async () => {
    await openForEditing({ [candidates('e')]: answer(200, [bob, dee]) });
    type('e');
    await screen.findByRole('listbox');
    expect(names()).toEqual(['Dee Dee — dee@example.com']);
  });

  it('shows only the answer for the text now typed, whatever order the answers come in', async () => {
    const older = heldAnswer();
    const server = await openForEditing({ [candidates('d')]: older.route, [candidates('dee')]: answer(200, [dee]) });
    type('d');
    await waitFor(() => expect(server.callsTo(candidates('d'))).toHaveLength(1));
    type('dee');
    await waitFor(() => expect(names()).toEqual(['Dee Dee — dee@example.com']));

    older.release(answer(200, [dan, dee]));
    await pause(50);
    expect(names()).toEqual(['Dee Dee — dee@example.com']);
  });

  it('says when no one matches, and a full address typed is still added as typed', async () => {
    const zed = { id: '6', name: 'Zed Zero', email: 'zed@example.com' };
    const server = await openForEditing({
      [candidates('zed@example.com')]: answer(200, []),
      'POST /api/projects/WEB/members': answer(201, projectDto({ others: [bob, cyd, zed] })),
    });
    type('zed@example.com');
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'No one found — type their full e-mail address, or invite them with “Invite people” above.',
      ),
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('heading', { name: 'Team Members (4)' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/members')[0]!.body).toEqual({
      email: 'zed@example.com',
      role: 'member',
    });
  });

  it('asks nothing for blank text', async () => {
    const server = await openForEditing();
    type('   ');
    await pause(candidatesDebounceMs + 100);
    expect(candidateCalls(server)).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(status()).toHaveTextContent('');
  });

  it('offers no one when the server will not say, and the field still takes an address', async () => {
    await openForEditing({ [candidates('dee')]: answer(500, { message: 'Internal server error' }) });
    type('dee');
    await pause(candidatesDebounceMs + 100);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(status()).toHaveTextContent('');
    expect(field()).toHaveValue('dee');
  });
});
