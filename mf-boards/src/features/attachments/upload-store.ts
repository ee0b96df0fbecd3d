import { attachmentPath, type AttachmentDto } from '@trackboard/contracts';
import { errorReason, showToast } from '@trackboard/web-kit';
import { create } from 'zustand';
import { attachmentTexts } from './attachment-texts';
import { isAborted, sendFile } from './send-file';

/** A file on its way to an issue. */
export interface Upload {
  id: number;
  issueId: string;
  fileName: string;
  loaded: number;
  total: number;
  abort(): void;
}

interface UploadsState {
  uploads: Upload[];
  /** Uploads that landed, per issue: the dialog's list asks again when this moves. */
  landed: Record<string, number>;
  nextId: number;
}

const nothingUnderWay: UploadsState = { uploads: [], landed: {}, nextId: 1 };

/**
 * Every upload of the page, wherever it began (the dialog's Attach button or a drop on it, a
 * pasted image, a drop on a card), so the dialog of an issue shows all of that issue's.
 */
export const useUploads = create<UploadsState>(() => nothingUnderWay);

const withUpload = (id: number, change: (upload: Upload) => Upload | null) =>
  useUploads.setState((state) => ({
    uploads: state.uploads.flatMap((upload) => (upload.id === id ? (change(upload) ?? []) : [upload])),
  }));

/** Sends `file` to the issue, listed among the issue's uploads until it lands or fails. */
export function uploadFile(issueId: string, file: File): Promise<AttachmentDto> {
  const id = useUploads.getState().nextId;
  const sent = sendFile(issueId, file, (loaded, total) => withUpload(id, (upload) => ({ ...upload, loaded, total })));
  useUploads.setState((state) => ({
    nextId: state.nextId + 1,
    uploads: [...state.uploads, { id, issueId, fileName: file.name, loaded: 0, total: file.size, abort: sent.abort }],
  }));
  return sent.result.then(
    (attachment) => {
      withUpload(id, () => null);
      useUploads.setState((state) => ({ landed: { ...state.landed, [issueId]: (state.landed[issueId] ?? 0) + 1 } }));
      return attachment;
    },
    (error: unknown) => {
      withUpload(id, () => null);
      throw error;
    },
  );
}

/**
 * Why an upload failed, in a sentence: the server's own words (a 413 names the size allowed, a
 * 409 the project's quota) without the field they name, or that the connection went.
 */
export function uploadFailure(fileName: string, error: unknown): string {
  const reason =
    error instanceof TypeError
      ? attachmentTexts.connectionLost
      : errorReason(error, attachmentTexts.uploadFailedReason).replace(/^(?:body|name): /, '');
  return attachmentTexts.uploadFailed(fileName, reason);
}

/** Sends each file; a failure is said in a toast as it happens (a cancelled one is not). Answers those that landed. */
export async function uploadFiles(issueId: string, files: File[]): Promise<AttachmentDto[]> {
  const landed = await Promise.all(
    files.map((file) =>
      uploadFile(issueId, file).catch((error: unknown) => {
        if (!isAborted(error)) showToast({ text: uploadFailure(file.name, error), tone: 'error' });
        return null;
      }),
    ),
  );
  return landed.filter((attachment): attachment is AttachmentDto => attachment !== null);
}

export function cancelUpload(id: number): void {
  useUploads
    .getState()
    .uploads.find((upload) => upload.id === id)
    ?.abort();
}

/** How far an issue's uploads are together (0–1), or null when none is under way. */
export function progressOf(uploads: readonly Upload[], issueId: string): number | null {
  const mine = uploads.filter((upload) => upload.issueId === issueId);
  if (mine.length === 0) return null;
  const total = mine.reduce((sum, upload) => sum + upload.total, 0);
  return total > 0 ? mine.reduce((sum, upload) => sum + upload.loaded, 0) / total : 0;
}

/** Stops every upload and forgets them (tests start from here). Ids go on, so a late answer never meets a new upload. */
export function resetUploads(): void {
  for (const upload of useUploads.getState().uploads) upload.abort();
  useUploads.setState({ uploads: [], landed: {} });
}

/**
 * An image pasted into a Markdown box of the issue: attached to it like any upload (its progress
 * shown in the dialog's list), answered as the name and the stable address the text embeds.
 */
export async function uploadImage(issueId: string, file: File): Promise<{ name: string; url: string }> {
  try {
    const attachment = await uploadFile(issueId, file);
    return { name: attachment.fileName, url: attachmentPath(attachment.id) };
  } catch (error) {
    if (!isAborted(error)) showToast({ text: uploadFailure(file.name, error), tone: 'error' });
    throw error;
  }
}
