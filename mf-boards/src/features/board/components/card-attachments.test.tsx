import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardUpdatedEvent } from '@trackboard/contracts';
import { ada, board, issue, signInAs } from '../../../testing/board-fixtures';
import { attachment, fakeUploads, fileUrl, linkRoutes, pngFile, sentUploads } from '../../../testing/attachments';
import { card, cardBox, renderBoard } from '../../../testing/render-board';
import { useBoardStore } from '../../../shared/board-store';
import { resetUploads } from '../../attachments/upload-store';
import { estimatedHeight } from './card-list';
import { CARD_COVER_HEIGHT } from './issue-card-face';

let restoreUploads: () => void;
beforeEach(() => {
  signInAs(ada);
  restoreUploads = fakeUploads();
  resetUploads();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  restoreUploads();
  jest.restoreAllMocks();
});

const oneCard = (fields: Partial<Parameters<typeof issue>[0]> = {}) =>
  board([issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', ...fields })]);

describe("a card's attachments", () => {
  it('shows a paperclip and the count, said as "N attachments"', async () => {
    await renderBoard(oneCard({ attachmentCount: 2 }));
    const face = cardBox('Write the spec');
    expect(within(face).getByText('2')).toHaveAttribute('title', '2 attachments');
    expect(card('Write the spec')).toHaveAccessibleDescription(expect.stringContaining('2 attachments.'));
  });

  it('shows no count without attachments', async () => {
    await renderBoard(oneCard());
    expect(card('Write the spec')).not.toHaveAccessibleDescription(expect.stringContaining('attachment'));
    expect(within(cardBox('Write the spec')).queryByTitle(/attachment/)).toBeNull();
  });

  it("shows the cover's thumbnail at the top, at a fixed height", async () => {
    await renderBoard(oneCard({ attachmentCount: 1, coverAttachmentId: '21' }), linkRoutes(['21']));
    const face = cardBox('Write the spec');
    const cover = await waitFor(() => {
      const img = face.querySelector('img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(cover).toHaveAttribute('src', fileUrl('21', 'thumbnail'));
    expect(cover).toHaveAttribute('alt', '');
    expect(cover.parentElement).toHaveStyle({ height: `${CARD_COVER_HEIGHT}px` });
  });

  it('follows the board room: a count and a cover arrive with the issue', async () => {
    await renderBoard(oneCard(), linkRoutes(['21']));
    const event: BoardUpdatedEvent = {
      boardId: '1',
      version: 6,
      complete: false,
      issues: [
        issue({
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Write the spec',
          attachmentCount: 1,
          coverAttachmentId: '21',
        }),
      ],
    };
    act(() => useBoardStore.getState().receiveBoardUpdate(event));
    expect(within(cardBox('Write the spec')).getByTitle('1 attachment')).toHaveTextContent('1');
    await waitFor(() =>
      expect(cardBox('Write the spec').querySelector('img')).toHaveAttribute('src', fileUrl('21', 'thumbnail')),
    );
  });

  it('attaches files dropped from the desktop to its issue, without moving the card', async () => {
    const { server } = await renderBoard(oneCard());
    const box = cardBox('Write the spec');
    const dataTransfer = { types: ['Files'], files: [pngFile('notes.png')], dropEffect: 'none' };
    fireEvent.dragEnter(box, { dataTransfer });
    fireEvent.dragOver(box, { dataTransfer });
    expect(box).toHaveClass('fileOver');
    fireEvent.drop(box, { dataTransfer });
    expect(box).not.toHaveClass('fileOver');

    await waitFor(() => expect(sentUploads).toHaveLength(1));
    expect(sentUploads[0]!.url).toBe('/api/issues/1/attachments?name=notes.png');
    sentUploads[0]!.progress(1000, 4000);
    await waitFor(() => expect(box.querySelector('.uploadBar')).toHaveStyle({ width: '25%' }));
    await sentUploads[0]!.answer(201, attachment({ id: '24', fileName: 'notes.png' }));
    expect(await screen.findByText('Attached 1 file to WEB-1.')).toBeInTheDocument();
    await waitFor(() => expect(box.querySelector('.uploadBar')).toBeNull());
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('reckons a covered card taller before it is measured', () => {
    const plain = issue({ id: '1', columnId: '10', position: 0 });
    expect(estimatedHeight({ ...plain, coverAttachmentId: '21' }) - estimatedHeight(plain)).toBe(CARD_COVER_HEIGHT);
  });
});
