import { act } from '@testing-library/react';
import type { AttachmentDto } from '@trackboard/contracts';
import { answer, type FakeRoute } from '@trackboard/web-kit/testing';

// Attachments as the server sends them, and the upload's XMLHttpRequest played at the network
// boundary (fetch has no upload progress, so uploads do not go through the fake fetch).

export function attachment(fields: Partial<AttachmentDto> & { id: string; fileName: string }): AttachmentDto {
  const image = /\.(png|jpe?g|gif|webp)$/i.test(fields.fileName);
  return {
    issueId: '1',
    contentType: image ? 'image/png' : 'application/octet-stream',
    size: 2048,
    image,
    width: image ? 800 : null,
    height: image ? 600 : null,
    thumbnail: image,
    uploaderId: '7',
    uploaderName: 'Ada Lovelace',
    createdAt: '2025-01-03T10:00:00.000Z',
    ...fields,
  };
}

/** Where a file's signed link points in these tests: `/files/{id}/{variant}`. */
export const fileUrl = (id: string, variant: 'file' | 'thumbnail' | 'download') => `/files/${id}/${variant}`;

/** GET /attachments/{id}/link for every variant of these files, valid for 15 minutes. */
export function linkRoutes(ids: string[]): Record<string, FakeRoute> {
  const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
  return Object.fromEntries(
    ids.flatMap((id) =>
      (['file', 'thumbnail', 'download'] as const).map((variant) => [
        `GET /api/attachments/${id}/link?variant=${variant}`,
        answer(200, { url: fileUrl(id, variant), expiresAt }),
      ]),
    ),
  );
}

/** An image file as a person picks or pastes it. */
export const pngFile = (name = 'screenshot.png', bytes = 4000) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** One upload request as the page made it; the test answers it when it wants. */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    sentUploads.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent));
  }
  /** The server answers. */
  async answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    await act(async () => this.onload?.());
  }
  /** No answer at all (the connection dropped). */
  async fail() {
    await act(async () => this.onerror?.());
  }
}

/** Every upload sent since `fakeUploads()`, oldest first. */
export const sentUploads: FakeUpload[] = [];

/** Replaces XMLHttpRequest for the test; returns the restore. */
export function fakeUploads(): () => void {
  sentUploads.length = 0;
  const original = window.XMLHttpRequest;
  window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  return () => {
    window.XMLHttpRequest = original;
  };
}
