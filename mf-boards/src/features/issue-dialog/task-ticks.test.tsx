import type { IssueDto } from '@trackboard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer, installViewport, lastSocket } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { loadedIssue, openIssue } from '../../testing/render-board';
import { useBoardStore } from '../../shared/board-store';

// The description's task boxes, ticked in its rendered view: at once on screen, sent as "the n-th
// task, which read so", taken back with a toast when refused, and the issue as it is now when the
// task moved meanwhile.

const CHECKLIST = '- [ ] Build it\n- [x] Test it\n  - [ ] Ask @[Grace Hopper](user:8)';
const TICKED = CHECKLIST.replace('- [ ] Build it', '- [x] Build it');

/** The renderer's first load compiles the unified packages: allow it time. */
const FIRST_LOAD = { timeout: 15000 };
const box = async (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('region', { name: 'Description' })).findByRole('checkbox', { name }, FIRST_LOAD);
/** The card's face behind the open dialog (hidden from assistive technology while the dialog is open). */
const cardFace = () =>
  screen.getByRole('button', { name: 'Write the spec', hidden: true }).closest<HTMLElement>('[data-card]')!;
const toasts = () => screen.getByRole('status', { name: 'Messages' });

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('ticking a task of the description', () => {
  it('shows the tick at once, sends the task’s index and text, and keeps the server’s answer', async () => {
    const held = heldAnswer();
    const { dialog, server } = await openIssue(
      { description: CHECKLIST, tasks: { done: 1, total: 3 } },
      { 'PUT /api/issues/1/tasks/0': held.route },
    );
    const build = await box(dialog, 'Build it');
    expect(build).toBeEnabled();
    expect(build).not.toBeChecked();

    fireEvent.click(build);
    // Ticked before any answer: the box, and the card's count behind the dialog.
    expect(await box(dialog, 'Build it')).toBeChecked();
    expect(within(cardFace()).getByTitle('2 of 3 tasks done')).toHaveTextContent('2/3');
    expect(server.callsTo('PUT /api/issues/1/tasks/0').map((call) => call.body)).toEqual([
      { checked: true, text: 'Build it' },
    ]);
    // A click on a box does not open the description's editor.
    expect(within(dialog).queryByPlaceholderText('Detailed description of the issue')).toBeNull();

    await act(async () =>
      held.release(
        answer(200, {
          ...loadedIssue({ description: TICKED, tasks: { done: 2, total: 3 }, version: 4 }),
          boardVersion: 6,
          rebalanced: [],
        }),
      ),
    );
    await waitFor(() => expect(useBoardStore.getState().selectedIssue?.version).toBe(4));
    expect(await box(dialog, 'Build it')).toBeChecked();
  });

  it('names each box by its item’s words, and ticks a nested one by its own index', async () => {
    const { dialog, server } = await openIssue(
      { description: CHECKLIST },
      {
        'PUT /api/issues/1/tasks/2': answer(200, {
          ...loadedIssue({ description: CHECKLIST.replace('- [ ] Ask', '- [x] Ask'), version: 4 }),
          boardVersion: 6,
          rebalanced: [],
        }),
      },
    );
    const ask = await box(dialog, 'Ask @Grace Hopper');
    expect(await box(dialog, 'Test it')).toBeChecked();
    // A checkbox: Space ticks it from the keyboard as a click does.
    ask.focus();
    fireEvent.click(ask);
    await waitFor(() => expect(server.callsTo('PUT /api/issues/1/tasks/2')).toHaveLength(1));
    expect(server.callsTo('PUT /api/issues/1/tasks/2')[0]!.body).toEqual({
      checked: true,
      text: 'Ask @[Grace Hopper](user:8)',
    });
  });

  it('takes the tick back and says why in a toast when the server refuses it', async () => {
    const { dialog } = await openIssue(
      { description: CHECKLIST },
      { 'PUT /api/issues/1/tasks/1': answer(500, { message: 'Internal server error' }) },
    );
    fireEvent.click(await box(dialog, 'Test it'));
    expect(await within(toasts()).findByText('Internal server error')).toBeInTheDocument();
    expect(await box(dialog, 'Test it')).toBeChecked();
    expect(useBoardStore.getState().selectedIssue?.description).toBe(CHECKLIST);
  });

  it('shows the issue as it is now when the task moved meanwhile, and says so', async () => {
    const moved = `- [ ] First\n${CHECKLIST}`;
    const { dialog } = await openIssue(
      { description: CHECKLIST },
      {
        'PUT /api/issues/1/tasks/0': answer(409, {
          message:
            'The description has no task at index 0 that reads as you saw it: it was changed by someone else. The latest version is shown.',
          issue: loadedIssue({ description: moved, version: 4 }),
        }),
      },
    );
    fireEvent.click(await box(dialog, 'Build it'));
    expect(
      await within(dialog).findByText(/no task at index 0 that reads as you saw it.*The latest version is shown\./),
    ).toBeInTheDocument();
    expect(await box(dialog, 'First')).not.toBeChecked();
    expect(await box(dialog, 'Build it')).not.toBeChecked();
  });

  it('ticks nothing while the project is archived, nor in comments', async () => {
    const { dialog, server } = await openIssue(
      { description: CHECKLIST },
      {
        'GET /api/projects/WEB': answer(200, {
          id: '3',
          key: 'WEB',
          name: 'Website',
          description: '',
          archivedAt: '2025-02-01T09:00:00.000Z',
        }),
        'GET /api/issues/1/comments': answer(200, [comment({ id: '50', body: '- [ ] In a comment' })]),
      },
    );
    await waitFor(async () => expect(await box(dialog, 'Build it')).toBeDisabled());
    fireEvent.click(await box(dialog, 'Build it'));
    expect(await within(dialog).findByRole('checkbox', { name: 'In a comment' }, FIRST_LOAD)).toBeDisabled();
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows someone else’s tick as it comes, in the dialog and on the card', async () => {
    const { dialog } = await openIssue({ description: CHECKLIST, tasks: { done: 1, total: 3 } });
    await box(dialog, 'Build it');
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    const theirs: IssueDto = loadedIssue({ description: TICKED, tasks: { done: 2, total: 3 }, version: 4 });
    act(() =>
      socket.serverSends('board_updated', {
        boardId: '1',
        version: 6,
        issues: [theirs],
        complete: false,
        originId: 'grace-tab',
        actor: { id: '8', name: 'Grace Hopper' },
      }),
    );
    expect(await box(dialog, 'Build it')).toBeChecked();
    expect(within(cardFace()).getByTitle('2 of 3 tasks done')).toHaveTextContent('2/3');
  });
});
