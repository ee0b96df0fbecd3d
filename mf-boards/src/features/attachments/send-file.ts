import { REMOTE_VERSIONS_HEADER, type AttachmentDto } from '@trackboard/contracts';
import { api, apiBasePath, ApiError, remoteVersionsHeader, storageKeys } from '@trackboard/web-kit';

/** An upload under way: its answer, and the way to stop it. */
export interface SentFile {
  result: Promise<AttachmentDto>;
  abort(): void;
}

/** How far an upload is: bytes sent of the file's. */
export type UploadProgress = (loaded: number, total: number) => void;

/** The rejection of an upload stopped on purpose (Cancel): nothing to report. */
export const isAborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function bodyOf(xhr: XMLHttpRequest): unknown {
  if (!xhr.responseText) return undefined;
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return xhr.responseText;
  }
}

const messageOf = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;

/**
 * POST /issues/{id}/attachments with the file as the body. XMLHttpRequest, not web-kit's fetch
 * client, because fetch reports no upload progress; it sends what that client sends (the base
 * path, the bearer token, the loaded releases) and fails the same way (an ApiError with the
 * server's message; a TypeError when no answer came). The server reads the type from the bytes.
 */
export function sendFile(issueId: string, file: File, onProgress: UploadProgress): SentFile {
  const xhr = new XMLHttpRequest();
  const result = new Promise<AttachmentDto>((resolve, reject) => {
    xhr.open(
      'POST',
      `${apiBasePath}/issues/${encodeURIComponent(issueId)}/attachments?name=${encodeURIComponent(file.name)}`,
    );
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = window.localStorage.getItem(storageKeys.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const versions = remoteVersionsHeader();
    if (versions) xhr.setRequestHeader(REMOTE_VERSIONS_HEADER, versions);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = bodyOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as AttachmentDto);
        return;
      }
      // The session is gone: asking who we are through the API client meets its one 401 rule
      // (sign out, go to /login) rather than a second copy of it here.
      if (xhr.status === 401) void api.get('/auth/profile').catch(() => undefined);
      reject(new ApiError(xhr.status, messageOf(body) ?? `Request failed (${xhr.status})`, body));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(file);
  });
  return { result, abort: () => xhr.abort() };
}
