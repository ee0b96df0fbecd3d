import { act, fireEvent, screen, within } from '@testing-library/react';
import type { BoardUpdatedEvent } from '@trackboard/contracts';
import { answer } from '@trackboard/web-kit/testing';
import { ada, board, issue, signInAs } from '../../../testing/board-fixtures';
import { card, cardBox, renderBoard } from '../../../testing/render-board';
import { draftStore } from '../../../shared/draft-store';
import { useBoardStore } from '../../../shared/board-store';
import { describeDue, dueState, formatDueDate, localToday } from '../../../shared/due-date';
import { initials } from '../../../shared/user-avatar';

const labels = [
  { id: '30', boardId: '1', name: 'bug', color: 'red' as const },
  { id: '31', boardId: '1', name: 'frontend', color: 'blue' as const },
  { id: '32', boardId: '1', name: 'later', color: 'gray' as const },
];
/** A date `days` from today, `YYYY-MM-DD`. */
const inDays = (days: number) => localToday(new Date(Date.now() + days * 24 * 3600 * 1000));

function boardWith(fields: Parameters<typeof issue>[0][]) {
  return board(
    fields.map((f) => issue(f)),
    { labels },
  );
}

beforeEach(() => {
  signInAs(ada);
});

describe('the card face', () => {
  it('shows key, type, priority, labels, assignee initials, due date and comment count', async () => {
    await renderBoard(
      boardWith([
        {
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Write the spec',
          key: 'WEB-12',
          type: 'BUG',
          priority: 'HIGH',
          labelIds: ['31', '30'],
          assigneeId: '7',
          owner: 'Ada Lovelace',
          dueDate: inDays(-1),
          commentCount: 3,
        },
      ]),
    );
    const face = cardBox('Write the spec');
    expect(face).toHaveTextContent('WEB-12');
    // Shown as icons; said in the description (the face around the title is hidden from assistive technology).
    expect(within(face).getByRole('img', { name: 'Bug', hidden: true })).toBeInTheDocument();
    expect(within(face).getByRole('img', { name: 'Priority: High', hidden: true })).toBeInTheDocument();
    // Labels in the board's order (by name), not the issue's.
    expect(
      within(face)
        .getAllByTitle(/^(bug|frontend)$/)
        .map((chip) => chip.textContent),
    ).toEqual(['bug', 'frontend']);
    expect(within(face).queryByText('later')).toBeNull();
    expect(within(face).getByText('AL')).toHaveAttribute('title', 'Ada Lovelace');
    expect(within(face).getByText('3')).toHaveAttribute('title', '3 comments');
    expect(face.querySelector('[data-due]')).toHaveAttribute('data-due', 'overdue');
    // The card is named by its title; the rest is its description, in words.
    expect(card('Write the spec')).toHaveAccessibleDescription(
      expect.stringContaining('WEB-12. Bug. Priority: High. Labels: bug, frontend. Assigned to Ada Lovelace. Due '),
    );
    expect(card('Write the spec')).toHaveAccessibleDescription(expect.stringContaining('overdue. 3 comments.'));
  });

  it('colours the due date: red when overdue, amber within two days, plain later or once done', async () => {
    await renderBoard(
      boardWith([
        { id: '1', columnId: '10', position: 0, title: 'Late', dueDate: inDays(-3) },
        { id: '2', columnId: '10', position: 1, title: 'Today', dueDate: inDays(0) },
        { id: '3', columnId: '10', position: 2, title: 'Soon', dueDate: inDays(2) },
        { id: '4', columnId: '10', position: 3, title: 'Later', dueDate: inDays(3) },
        { id: '5', columnId: '12', position: 0, title: 'Shipped', dueDate: inDays(-3), status: 'DONE' },
        { id: '6', columnId: '10', position: 4, title: 'Whenever' },
      ]),
    );
    const due = (title: string) => cardBox(title).querySelector('[data-due]')?.getAttribute('data-due') ?? null;
    expect(['Late', 'Today', 'Soon', 'Later', 'Shipped', 'Whenever'].map(due)).toEqual([
      'overdue',
      'soon',
      'soon',
      'later',
      'later',
      null,
    ]);
    expect(cardBox('Late').querySelector('[data-due]')).toHaveClass('overdue');
    expect(cardBox('Soon').querySelector('[data-due]')).toHaveClass('soon');
  });

  it('shows no footer for an issue with no assignee, due date or comments', async () => {
    await renderBoard(boardWith([{ id: '1', columnId: '10', position: 0, title: 'Bare' }]));
    expect(card('Bare')).toHaveAccessibleDescription(
      expect.stringMatching(/^WEB-1\. Task\. Priority: Medium\. Unassigned\./),
    );
    expect(cardBox('Bare').querySelector('[data-due]')).toBeNull();
  });

  it('follows a board_updated label list', async () => {
    await renderBoard(boardWith([{ id: '1', columnId: '10', position: 0, title: 'Write the spec', labelIds: ['30'] }]));
    expect(within(cardBox('Write the spec')).getByText('bug')).toBeInTheDocument();
    const event: BoardUpdatedEvent = {
      boardId: '1',
      version: 6,
      issues: [],
      complete: false,
      labels: [{ id: '30', boardId: '1', name: 'defect', color: 'orange' }],
    };
    act(() => useBoardStore.getState().receiveBoardUpdate(event));
    expect(within(cardBox('Write the spec')).getByText('defect')).toBeInTheDocument();
    expect(useBoardStore.getState().labels.map((label) => label.name)).toEqual(['defect']);
  });
});

describe("the card's draft mark", () => {
  const mark = (title: string) =>
    within(cardBox(title)).queryByRole('img', { name: 'You have an unsent draft', hidden: true });
  const keep = (key: string, draft: object) => localStorage.setItem(`trackboard.draft:${key}`, JSON.stringify(draft));
  beforeEach(() => localStorage.clear());
  afterAll(() => localStorage.clear());

  it("marks the cards whose issue holds the signed-in person's unsent comment or description, and says so", async () => {
    keep('7:issue:1:comment:new', { text: 'Half a thought', base: '' });
    keep('7:issue:2:description', { text: 'Goals, rewritten', version: 3, base: 'Goals' });
    // Someone else's draft in this browser is theirs.
    keep('8:issue:3:comment:reply:50', { text: 'Not yours', base: '' });
    await renderBoard(
      boardWith([
        { id: '1', columnId: '10', position: 0, title: 'Commented' },
        { id: '2', columnId: '10', position: 1, title: 'Described' },
        { id: '3', columnId: '10', position: 2, title: 'Untouched' },
      ]),
    );
    expect(mark('Commented')).toBeInTheDocument();
    expect(mark('Described')).toBeInTheDocument();
    expect(mark('Untouched')).toBeNull();
    expect(card('Commented')).toHaveAccessibleDescription(expect.stringContaining('You have an unsent draft.'));
    expect(card('Untouched')).not.toHaveAccessibleDescription(expect.stringContaining('unsent draft'));
  });

  it('comes and goes as the draft does, while the board is open', async () => {
    await renderBoard(boardWith([{ id: '1', columnId: '10', position: 0, title: 'Write the spec' }]));
    expect(mark('Write the spec')).toBeNull();
    act(() => draftStore.write('7:issue:1:comment:reply:50', { text: 'Yes, and', base: '' }));
    expect(mark('Write the spec')).toBeInTheDocument();
    act(() => draftStore.drop('7:issue:1:comment:reply:50'));
    expect(mark('Write the spec')).toBeNull();
  });
});

describe('the card and its name (WCAG 2.5.3 label in name)', () => {
  it('focuses a button that shows the title alone, its name; the rest of the face is its description', async () => {
    await renderBoard(
      boardWith([
        {
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Write the spec',
          key: 'WEB-12',
          labelIds: ['30'],
          owner: 'Ada Lovelace',
          dueDate: inDays(5),
          commentCount: 2,
        },
      ]),
    );
    const button = card('Write the spec');
    // axe's label-content-name-mismatch: every word the button shows is in its name.
    expect(button).toHaveTextContent(/^Write the spec$/);
    expect(button).toHaveAccessibleName('Write the spec');
    expect(button).toHaveAttribute('aria-roledescription', 'draggable issue');
    expect(button).toHaveAccessibleDescription(expect.stringMatching(/^WEB-12\. Task\. .*2 comments\. /));
    // The face around it shows the rest; screen readers hear it once, as that description.
    const box = cardBox('Write the spec');
    expect(box).toHaveTextContent('WEB-12');
    expect(box).toHaveTextContent('bug');
    expect(box).not.toHaveAttribute('role');
    expect(box).not.toHaveAttribute('tabindex');
    expect(within(box).getAllByRole('button')).toEqual([button]);
    expect(within(box).getByText('WEB-12').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(box).queryByRole('img', { name: 'Task' })).toBeNull();
  });

  it('opens the issue on a click anywhere on the card, not only on its title', async () => {
    const { server } = await renderBoard(
      boardWith([{ id: '1', columnId: '10', position: 0, title: 'Write the spec', key: 'WEB-12' }]),
      {
        'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
        'GET /api/issues/1/comments': answer(200, []),
      },
    );
    fireEvent.click(within(cardBox('Write the spec')).getByText('WEB-12'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/1')).toHaveLength(1);
  });
});

describe('card face rules', () => {
  it('makes initials from the first and last names', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster hopper ')).toBe('GH');
    expect(initials('Linus')).toBe('L');
    expect(initials('')).toBe('?');
  });

  it('tells overdue, soon and later from today', () => {
    expect(dueState('2026-03-09', '2026-03-10')).toBe('overdue');
    expect(dueState('2026-03-10', '2026-03-10')).toBe('soon');
    expect(dueState('2026-03-12', '2026-03-10')).toBe('soon');
    expect(dueState('2026-03-13', '2026-03-10')).toBe('later');
    expect(dueState('2026-04-01', '2026-03-31')).toBe('soon');
    expect(formatDueDate('2026-03-09', '2026-03-10')).toBe('Mar 9');
    expect(formatDueDate('2027-01-02', '2026-03-10')).toBe('Jan 2, 2027');
    expect(describeDue('2026-03-09', '2026-03-10')).toBe('Due Mar 9, overdue');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
