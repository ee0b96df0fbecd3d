import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { ada, signInAs } from '../../testing/board-fixtures';
import { attachment, fakeUploads, fileUrl, linkRoutes, pngFile, sentUploads } from '../../testing/attachments';
import { openIssue } from '../../testing/render-board';
import { resetUploads } from './upload-store';

// A screenshot pasted into the description (or a comment) is attached to the issue and embedded
// where it was pasted: a placeholder at once, the image once it is stored.

let restoreUploads: () => void;
beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  restoreUploads = fakeUploads();
  resetUploads();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  restoreUploads();
  jest.restoreAllMocks();
});

/** The description's editor, open on "See below: " with the caret at its end. */
async function editDescription() {
  const opened = await openIssue({ description: 'See below: ' }, linkRoutes(['31']));
  fireEvent.click(within(opened.dialog).getByRole('button', { name: 'Edit Description' }));
  const box = await within(opened.dialog).findByRole('textbox', { name: 'Description' });
  (box as HTMLTextAreaElement).setSelectionRange(11, 11);
  return { ...opened, box: box as HTMLTextAreaElement };
}

const paste = (box: HTMLElement, ...files: File[]) =>
  fireEvent.paste(box, { clipboardData: { files, types: ['Files'] } });

describe('pasting an image into a Markdown box', () => {
  it('inserts a placeholder at the caret, then the embed of the stored image', async () => {
    const { box, dialog } = await editDescription();
    paste(box, pngFile('shot.png'));
    expect(box).toHaveValue('See below: ![Uploading shot.png…]()');
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    expect(sentUploads[0]!.url).toBe('/api/issues/1/attachments?name=shot.png');
    // Its progress shows among the issue's uploads.
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading shot.png' })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'See below: ![Uploading shot.png…]() and more' } });
    await sentUploads[0]!.answer(201, attachment({ id: '31', fileName: 'shot.png' }));
    await waitFor(() => expect(box).toHaveValue('See below: ![shot.png](/api/attachments/31) and more'));

    // Its preview shows the image through its short-lived link.
    const field = box.closest('section')!;
    fireEvent.click(within(field).getByRole('button', { name: 'Preview' }));
    const preview = await within(field).findByTestId('markdown-preview');
    expect(await within(preview).findByRole('img', { name: 'shot.png' }, { timeout: 15000 })).toHaveAttribute(
      'src',
      fileUrl('31', 'file'),
    );
  });

  it('takes the placeholder out when the upload fails, and says why', async () => {
    const { box } = await editDescription();
    paste(box, pngFile('shot.png'));
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    await sentUploads[0]!.fail();
    await waitFor(() => expect(box).toHaveValue('See below: '));
    expect(await screen.findByText('Could not attach shot.png: the connection was lost')).toBeInTheDocument();
  });

  it('leaves a paste without an image to the browser', async () => {
    const { box } = await editDescription();
    const text = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    const event = paste(box, text);
    expect(event).toBe(true);
    expect(box).toHaveValue('See below: ');
    expect(sentUploads).toHaveLength(0);
  });
});

describe('an image embedded in a comment', () => {
  it("is drawn from its attachment's link", async () => {
    const { dialog } = await openIssue(
      {},
      {
        ...linkRoutes(['31']),
        'GET /api/issues/1/comments': answer(200, [
          {
            id: '50',
            issueId: '1',
            parentCommentId: null,
            author: { id: '7', name: 'Ada Lovelace', avatarUrl: null },
            body: 'Here: ![the bug](/api/attachments/31) and ![elsewhere](/admin/pic.png)',
            createdAt: '2025-01-03T10:00:00.000Z',
            edited: false,
            editedAt: null,
            reactions: { thumbsup: [], heart: [] },
            replies: [],
          },
        ]),
      },
    );
    const image = await within(dialog).findByRole('img', { name: 'the bug' }, { timeout: 15000 });
    expect(image).toHaveAttribute('src', fileUrl('31', 'file'));
    // Any other address in the app is still not an image source.
    expect(within(dialog).queryByRole('img', { name: 'elsewhere' })).toBeNull();
    expect(within(dialog).getByText('elsewhere')).toBeInTheDocument();
  });
});
