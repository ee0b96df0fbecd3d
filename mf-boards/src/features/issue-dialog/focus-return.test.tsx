import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, fakeApi, renderRemoteAt } from '@trackboard/web-kit/testing';
import type { IssueDto } from '@trackboard/contracts';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { installColumnLayout } from '../../testing/dom-polyfills';
import { card } from '../../testing/render-board';

// Closing the issue dialog (Escape, ×) gives the focus back to the issue's card,
// not to <body>, also when the dialog was opened by its address and the card was never focused.

const many = Array.from({ length: 200 }, (_, i) =>
  issue({
    id: String(i + 1),
    columnId: '10',
    position: i,
    rank: `a${String(i).padStart(3, '0')}`,
    title: `Task ${i + 1}`,
  }),
);

async function openAt(url: string, issues?: IssueDto[]) {
  const data = board(issues);
  const all = data.columns.flatMap((column) => column.issues);
  const routes = Object.fromEntries(
    all.flatMap((one) => [
      [`GET /api/issues/${one.id}`, answer(200, one)],
      [`GET /api/issues/${one.id}/comments`, answer(200, [])],
    ]),
  );
  fakeApi({ 'GET /api/boards/1': answer(200, data), ...routes });
  renderRemoteAt(BoardApp, ['boards/*'], url);
  await screen.findByText('Web board', { selector: 'h1' });
}
/** The dialog showing `title`, once its code has loaded. */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('button', { name: `${title}, edit title` }, { timeout: 10_000 });
  return dialog;
};
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the focus after the issue dialog closes', () => {
  it('goes back to the card Enter opened, after Escape', async () => {
    await openAt('/boards/1');
    card('Draw the board').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const dialog = await dialogTitled('Draw the board');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(card('Draw the board')));
  });

  it('goes back to the card that was clicked, after ×', async () => {
    await openAt('/boards/1');
    card('Build the API').focus();
    fireEvent.click(card('Build the API'));
    const dialog = await dialogTitled('Build the API');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(card('Build the API')));
  });

  it('goes to the issue’s card when the dialog was opened by its address', async () => {
    await openAt('/boards/1/issues/WEB-2');
    const dialog = await dialogTitled('Draw the board');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(card('Draw the board')));
    // The card is its column's tab stop from now on.
    expect(card('Draw the board')).toHaveAttribute('tabindex', '0');
  });

  describe('in a long column', () => {
    beforeAll(() => installColumnLayout());

    it('draws the card far down the column and focuses it', async () => {
      await openAt('/boards/1/issues/WEB-150', many);
      expect(screen.queryByRole('button', { name: 'Task 150', hidden: true })).toBeNull();
      const dialog = await dialogTitled('Task 150');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await closed();
      await waitFor(() => expect(document.activeElement).toBe(card('Task 150')));
    });
  });
});
