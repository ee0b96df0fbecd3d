import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttachmentDto } from '@trackboard/contracts';
import { answer, answerConfirm, installViewport, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, grace, issue, signInAs } from '../../testing/board-fixtures';
import { attachment, fakeUploads, fileUrl, linkRoutes, pngFile, sentUploads } from '../../testing/attachments';
import { loadedIssue, openIssue } from '../../testing/render-board';
import { useBoardStore } from '../../shared/board-store';
import { resetUploads } from './upload-store';

// Ada (7) leads the project and uploaded the diagram; Grace (8) uploaded the screenshot and the log.
const files = (): AttachmentDto[] => [
  attachment({ id: '21', fileName: 'diagram.png' }),
  attachment({ id: '22', fileName: 'screenshot.png', uploaderId: '8', uploaderName: 'Grace Hopper' }),
  attachment({
    id: '23',
    fileName: 'server.log',
    size: 1536,
    uploaderId: '8',
    uploaderName: 'Grace Hopper',
  }),
];

/** The dialog of "Write the spec" with these files; the list answers `list` (a route, or the files). */
async function openWithFiles(list: AttachmentDto[] | FakeRoute = files(), routes: Record<string, FakeRoute> = {}) {
  const count = Array.isArray(list) ? list.length : 3;
  const opened = await openIssue(
    { attachmentCount: count },
    {
      'GET /api/issues/1/attachments': Array.isArray(list) ? answer(200, list) : list,
      ...linkRoutes(['21', '22', '23', '24']),
      ...routes,
    },
  );
  const section = await within(opened.dialog).findByRole('region', { name: /^Attachments/ });
  return { ...opened, section };
}

const tile = (name: string) => screen.getByRole('button', { name: `Open ${name}` }).closest('li')!;
const fileRow = (name: string) => screen.getByText(name).closest('li')!;

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

describe("the issue dialog's attachments", () => {
  it('shows images as thumbnails and other files as rows with size, uploader and a download link', async () => {
    const { section } = await openWithFiles();
    expect(within(section).getByRole('heading', { name: 'Attachments 3' })).toBeInTheDocument();
    const thumbnail = await waitFor(() => {
      const img = tile('diagram.png').querySelector('img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(thumbnail).toHaveAttribute('src', fileUrl('21', 'thumbnail'));
    expect(within(section).getByRole('button', { name: 'Open screenshot.png' })).toBeInTheDocument();
    const log = fileRow('server.log');
    expect(log).toHaveTextContent('1.5 KB · by Grace Hopper');
    expect(await within(log).findByRole('link', { name: 'Download server.log' })).toHaveAttribute(
      'href',
      fileUrl('23', 'download'),
    );
    // The log is a file to download, not an image to open.
    expect(within(section).queryByRole('button', { name: 'Open server.log' })).toBeNull();
  });

  it('asks nothing for an issue without files', async () => {
    const { server, dialog } = await openIssue();
    expect(await within(dialog).findByText('No attachments yet. Drop files here or use Attach.')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/1/attachments')).toHaveLength(0);
  });

  it('uploads a chosen file with the session token, shows its progress, then lists it', async () => {
    const added = attachment({ id: '24', fileName: 'mockup.png' });
    let list = files();
    const { server, section } = await openWithFiles(() => answer(200, list));
    fireEvent.change(within(section).getByLabelText('Attach files'), { target: { files: [pngFile('mockup.png')] } });

    await waitFor(() => expect(sentUploads).toHaveLength(1));
    const upload = sentUploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/issues/1/attachments?name=mockup.png');
    expect(upload.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'image/png' });
    expect((upload.body as File).name).toBe('mockup.png');

    upload.progress(2000, 4000);
    const bar = within(section).getByRole('progressbar', { name: 'Uploading mockup.png' });
    expect(bar).toHaveAttribute('value', '2000');
    expect(bar).toHaveAttribute('max', '4000');
    expect(within(section).getByText('50%')).toBeInTheDocument();

    const before = server.callsTo('GET /api/issues/1/attachments').length;
    list = [...files(), added];
    await upload.answer(201, added);
    expect(await within(section).findByRole('button', { name: 'Open mockup.png' })).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).toBeNull();
    expect(server.callsTo('GET /api/issues/1/attachments').length).toBeGreaterThan(before);
  });

  it('cancels an upload under way without a word', async () => {
    const { section } = await openWithFiles();
    fireEvent.change(within(section).getByLabelText('Attach files'), { target: { files: [pngFile('huge.png')] } });
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    sentUploads[0]!.progress(100, 4000);
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel uploading huge.png' }));
    expect(sentUploads[0]!.aborted).toBe(true);
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText(/Could not attach/)).toBeNull();
  });

  it("says the server's refusal of a file too large in a toast", async () => {
    const { section } = await openWithFiles();
    fireEvent.change(within(section).getByLabelText('Attach files'), { target: { files: [pngFile('huge.png')] } });
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    await sentUploads[0]!.answer(413, {
      message: 'body: the file is larger than the 25 MB allowed (ATTACHMENT_MAX_BYTES)',
      limitBytes: 26214400,
    });
    expect(
      await screen.findByText(
        'Could not attach huge.png: the file is larger than the 25 MB allowed (ATTACHMENT_MAX_BYTES)',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).toBeNull();
  });

  it('uploads files dropped anywhere on the dialog', async () => {
    const { dialog } = await openWithFiles();
    const dataTransfer = { types: ['Files'], files: [pngFile('dropped.png')], dropEffect: 'none' };
    fireEvent.dragEnter(dialog, { dataTransfer });
    expect(within(dialog).getByText('Drop files to attach them')).toBeInTheDocument();
    fireEvent.dragOver(dialog, { dataTransfer });
    fireEvent.drop(dialog, { dataTransfer });
    await waitFor(() =>
      expect(sentUploads.map((upload) => upload.url)).toEqual(['/api/issues/1/attachments?name=dropped.png']),
    );
    expect(within(dialog).queryByText('Drop files to attach them')).toBeNull();
  });

  it.each([
    ['the project lead deletes any file', ada, ['diagram.png', 'screenshot.png', 'server.log'], []],
    ['a member deletes only what she uploaded', grace, ['screenshot.png', 'server.log'], ['diagram.png']],
  ])('%s', async (_who, user, deletable, kept) => {
    signInAs(user);
    const { section } = await openWithFiles();
    await within(section).findByText('server.log');
    for (const name of deletable)
      expect(within(section).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    for (const name of kept) expect(within(section).queryByRole('button', { name: `Delete ${name}` })).toBeNull();
  });

  it('deletes a file once confirmed', async () => {
    const question = 'Are you sure you want to delete server.log? This action cannot be undone.';
    const { server, section } = await openWithFiles(files(), { 'DELETE /api/attachments/23': answer(204) });
    fireEvent.click(await within(section).findByRole('button', { name: 'Delete server.log' }));
    await answerConfirm(false, question);
    expect(server.callsTo('DELETE /api/attachments/23')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Delete server.log' }));
    await answerConfirm(true, question);
    await waitFor(() => expect(within(section).queryByText('server.log')).toBeNull());
    expect(server.callsTo('DELETE /api/attachments/23')).toHaveLength(1);
  });

  it("follows the issue's count through an upload and a delete, never showing a deleted file again", async () => {
    const added = attachment({ id: '24', fileName: 'mockup.png' });
    let list = files();
    const { server, section } = await openWithFiles(() => answer(200, list), {
      'DELETE /api/attachments/24': answer(204),
    });
    const listings = () => server.callsTo('GET /api/issues/1/attachments').length;
    // The board room's echo of a change to the issue's files: its new count.
    const echo = (version: number, attachmentCount: number) =>
      act(() =>
        useBoardStore.getState().receiveBoardUpdate({
          boardId: '1',
          version,
          complete: false,
          issues: [issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', attachmentCount, version })],
        }),
      );
    fireEvent.change(within(section).getByLabelText('Attach files'), { target: { files: [pngFile('mockup.png')] } });
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    list = [...files(), added];
    await sentUploads[0]!.answer(201, added);
    echo(6, 4);
    expect(await within(section).findByRole('button', { name: 'Open mockup.png' })).toBeInTheDocument();

    list = files();
    fireEvent.click(within(section).getByRole('button', { name: 'Delete mockup.png' }));
    await answerConfirm(true);
    await waitFor(() => expect(within(section).queryByText('mockup.png')).toBeNull());
    const before = listings();
    echo(7, 3);
    // The list is asked for again, and the deleted file stays gone.
    await waitFor(() => expect(listings()).toBe(before + 1));
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Attachments 3' })).toBeInTheDocument());
    expect(within(section).queryByText('mockup.png')).toBeNull();
  });

  it('sets an image as the cover, and removes it again', async () => {
    const { server } = await openWithFiles(files(), {
      'PUT /api/issues/1/cover': (call) =>
        answer(
          200,
          loadedIssue({
            attachmentCount: 3,
            coverAttachmentId: (call.body as { coverAttachmentId: string | null }).coverAttachmentId,
          }),
        ),
    });
    const diagram = await waitFor(() => tile('diagram.png'));
    fireEvent.click(within(diagram).getByRole('button', { name: 'Set as cover' }));
    expect(await within(diagram).findByRole('button', { name: 'Remove cover' })).toBeInTheDocument();
    expect(within(diagram).getByText('Cover')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/issues/1/cover').map((call) => call.body)).toEqual([{ coverAttachmentId: '21' }]);
    // Only one cover: the other image offers to become it.
    expect(within(tile('screenshot.png')).getByRole('button', { name: 'Set as cover' })).toBeInTheDocument();

    fireEvent.click(within(diagram).getByRole('button', { name: 'Remove cover' }));
    expect(await within(diagram).findByRole('button', { name: 'Set as cover' })).toBeInTheDocument();
    expect(server.callsTo('PUT /api/issues/1/cover').map((call) => call.body)).toEqual([
      { coverAttachmentId: '21' },
      { coverAttachmentId: null },
    ]);
  });

  it('opens an image at full size with a download link; Escape closes only that', async () => {
    const { section, dialog } = await openWithFiles();
    fireEvent.click(await within(section).findByRole('button', { name: 'Open diagram.png' }));
    const lightbox = await screen.findByRole('dialog', { name: 'diagram.png' });
    expect(await within(lightbox).findByRole('img', { name: 'diagram.png' })).toHaveAttribute(
      'src',
      fileUrl('21', 'file'),
    );
    expect(await within(lightbox).findByRole('link', { name: 'Download diagram.png' })).toHaveAttribute(
      'href',
      fileUrl('21', 'download'),
    );
    fireEvent.keyDown(lightbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'diagram.png' })).toBeNull());
    expect(dialog).toBeInTheDocument();
  });

  it('lists and downloads, but adds and removes nothing, when the project is archived', async () => {
    const { section } = await openWithFiles(files(), {
      'GET /api/projects/WEB': answer(200, {
        id: '3',
        key: 'WEB',
        name: 'Website',
        description: '',
        archivedAt: '2025-02-01T09:00:00.000Z',
      }),
    });
    await within(section).findByText('server.log');
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Attach' })).toBeNull());
    expect(within(section).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Set as cover' })).toBeNull();
  });
});
