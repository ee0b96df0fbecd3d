import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueActivityDto } from '@trackboard/contracts';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { openIssue } from '../../testing/render-board';
import { describeActivity } from './activity-text';

// The first dialog of a file loads its lazy chunk (and the Markdown renderer behind it): slow on a busy machine.
jest.setTimeout(20000);
const FIRST_LOAD = { timeout: 15000 };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const entry = (fields: Partial<IssueActivityDto> & Pick<IssueActivityDto, 'id' | 'kind'>): IssueActivityDto => ({
  at: minutesAgo(5),
  actor: { id: '7', name: 'Ada Lovelace' },
  ...fields,
});

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the dialog header', () => {
  it('shows the key and copies the issue link', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { dialog } = await openIssue({ key: 'WEB-12' });
    expect(within(dialog).getByText('WEB-12')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link to WEB-12' }));
    expect(await within(dialog).findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/boards/1/issues/WEB-12`);
  });

  it('says when the link could not be copied', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const { dialog } = await openIssue();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link to WEB-1' }));
    expect(await within(dialog).findByText('Could not copy the link')).toBeInTheDocument();
  });

  it('Escape in a picker closes the picker, not the dialog', async () => {
    const { dialog } = await openIssue();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Owner' }));
    const search = within(dialog).getByPlaceholderText('User ID or name');
    fireEvent.keyDown(search, { key: 'Escape' });
    await waitFor(() => expect(within(dialog).queryByPlaceholderText('User ID or name')).toBeNull());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('the History tab', () => {
  it('lists the activity, newest first, with relative times', async () => {
    const history = [
      entry({ id: '4', kind: 'updated', field: 'priority', from: 'MEDIUM', to: 'HIGH', at: minutesAgo(5) }),
      entry({ id: '3', kind: 'moved', field: 'status', from: 'To Do', to: 'In Progress', at: minutesAgo(30) }),
      entry({ id: '2', kind: 'commented', actor: { id: '8', name: 'Grace Hopper' }, at: minutesAgo(90) }),
      entry({ id: '1', kind: 'created', at: minutesAgo(60 * 24 * 3) }),
    ];
    const { dialog, server } = await openIssue({}, { 'GET /api/issues/1/activity': answer(200, history) });
    expect(server.callsTo('GET /api/issues/1/activity')).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'History' }));
    const list = await within(dialog).findByRole('list');
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'ALAda Lovelace changed the priority from Medium to High5 minutes ago',
      'ALAda Lovelace moved the issue from To Do to In Progress30 minutes ago',
      'GHGrace Hopper commented2 hours ago',
      'ALAda Lovelace created the issue3 days ago',
    ]);
    expect(within(list).getAllByText(/ago$/)[0]).toHaveAttribute('title');
  });

  it.each([
    ['says "No history yet." when there is none', answer(200, []), 'No history yet.'],
    ['says when the history could not be loaded', answer(500), 'Failed to load history'],
  ])('%s', async (_name, reply, text) => {
    const { dialog } = await openIssue({}, { 'GET /api/issues/1/activity': reply });
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'History' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });

  it('words every kind of change', () => {
    const words = (fields: Partial<IssueActivityDto>) =>
      describeActivity(entry({ id: '1', kind: 'updated', ...fields }));
    expect(words({ field: 'description' })).toBe('changed the description');
    expect(words({ field: 'assignee', from: null, to: 'Grace Hopper' })).toBe('set the assignee to Grace Hopper');
    expect(words({ field: 'dueDate', from: '2026-03-01', to: null })).toBe('cleared the due date (was 2026-03-01)');
    expect(words({ field: 'type', from: 'TASK', to: 'BUG' })).toBe('changed the type from Task to Bug');
    expect(words({ field: 'labels', from: 'bug', to: 'bug, ui' })).toBe('changed the labels from bug to bug, ui');
    expect(words({ kind: 'moved', field: 'status', to: 'Done' })).toBe('moved the issue to Done');
  });
});

describe('Markdown in the dialog', () => {
  it('renders the description safely and previews it while editing', async () => {
    const description = '**Goals**\n\n- one\n- two\n\n[docs](https://example.com/docs) <script>alert(1)</script>';
    const { dialog } = await openIssue({ description });
    const field = within(dialog).getByRole('region', { name: 'Description' });
    expect((await within(field).findByText('Goals', {}, FIRST_LOAD)).tagName).toBe('STRONG');
    expect(within(field).getByText('one').closest('li')).not.toBeNull();
    expect(within(field).getByRole('link', { name: 'docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(field).toHaveTextContent('<script>alert(1)</script>');
    expect(field.querySelector('script')).toBeNull();

    fireEvent.click(within(field).getByRole('button', { name: 'Edit Description' }));
    fireEvent.change(within(field).getByPlaceholderText('Detailed description of the issue'), {
      target: { value: '# New plan' },
    });
    fireEvent.click(within(field).getByRole('button', { name: 'Preview' }));
    expect(await within(field).findByRole('heading', { name: 'New plan' })).toBeInTheDocument();
  });

  it('renders comments as Markdown and previews a reply', async () => {
    const { dialog } = await openIssue(
      {},
      {
        'GET /api/issues/1/comments': answer(200, [
          comment({ id: '50', body: 'Looks **good**, see [x](javascript:alert(1))' }),
        ]),
      },
    );
    expect((await within(dialog).findByText('good', {}, FIRST_LOAD)).tagName).toBe('STRONG');
    expect(within(dialog).queryByRole('link', { name: 'x' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reply' }));
    const reply = within(dialog).getByPlaceholderText('Replying to Ada Lovelace...');
    fireEvent.change(reply, { target: { value: '_sure_' } });
    // The new-comment box has a Preview of its own: use the reply form's.
    fireEvent.click(within(reply.closest('form')!).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByText('sure')).tagName).toBe('EM');
    expect(within(dialog).getByRole('button', { name: 'Post Reply' })).toBeEnabled();
  });
});
