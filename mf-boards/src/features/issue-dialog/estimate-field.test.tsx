import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardDto, IssueDto } from '@trackboard/contracts';
import { answer, installViewport, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, board, signInAs } from '../../testing/board-fixtures';
import { card, loadedIssue, renderBoard } from '../../testing/render-board';

// The dialog's Estimate: a choice of the project's scale (points or T-shirt sizes), saved like
// the priority; not there while the project uses no estimates.
jest.setTimeout(20000);
const patched = (call: RecordedCall) => answer(200, loadedIssue({ ...(call.body as Partial<IssueDto>), version: 4 }));

async function open(scale: BoardDto['estimateScale'], fields: Partial<IssueDto> = {}) {
  const rendered = await renderBoard(board(undefined, { estimateScale: scale }), {
    'GET /api/issues/1': answer(200, loadedIssue(fields)),
    'GET /api/issues/1/comments': answer(200, []),
    'PATCH /api/issues/1': patched,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 3, name: 'Owner' });
  return { ...rendered, dialog };
}
const patches = (server: { callsTo(route: string): RecordedCall[] }) =>
  server.callsTo('PATCH /api/issues/1').map((call) => call.body);
const choose = async (dialog: HTMLElement, option: string) => {
  fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Estimate' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the estimate in the issue dialog', () => {
  it('offers the points and None, saves the choice with its base, and clears it', async () => {
    const { dialog, server } = await open('points');
    const field = within(dialog).getByRole('combobox', { name: 'Estimate' });
    expect(field).toHaveTextContent('None');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['None', '1', '2', '3', '5', '8']);
    fireEvent.click(screen.getByRole('option', { name: '5' }));
    await waitFor(() => expect(patches(server)).toEqual([{ estimate: 5, version: 3, base: { estimate: null } }]));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Estimate' })).toHaveTextContent('5'));
    await choose(dialog, 'None');
    await waitFor(() => expect(patches(server)[1]).toEqual({ estimate: null, version: 4, base: { estimate: 5 } }));
  });

  it('shows T-shirt sizes and sends the points they stand for', async () => {
    const { dialog, server } = await open('tshirt', { estimate: 3 });
    expect(within(dialog).getByRole('combobox', { name: 'Estimate' })).toHaveTextContent('M');
    await choose(dialog, 'XL');
    await waitFor(() => expect(patches(server)).toEqual([{ estimate: 8, version: 3, base: { estimate: 3 } }]));
  });

  it('is not there while the project uses no estimates', async () => {
    const { dialog } = await open('none', { estimate: 3 });
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Estimate' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Estimate')).not.toBeInTheDocument();
  });
});
