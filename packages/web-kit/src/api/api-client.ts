import { REMOTE_VERSIONS_HEADER } from '@trackboard/contracts';
import { kitText } from '../i18n/kit-messages';
import { inReadersLanguage } from '../i18n/server-messages';
import { useSession } from '../session/session-store';
import { storageKeys } from '../session/storage-keys';
import { remoteVersionsHeader } from './remote-versions';

/** Base path of every API call. */
export const apiBasePath = '/api';

/** A non-2xx answer; `message` is the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The calls made signed out, whose 401 means "wrong credentials" (spec §4.1) or "this single
 * sign-on did not go through" rather than "session gone".
 */
const signInPaths = new Set(['/auth/login', '/auth/oidc/session', '/auth/oidc/link']);

let leaveForLogin: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/**
 * Where a 401 sends the browser. The shell registers its router's
 * navigation here; the default reloads the page at /login. Returns the unregister function.
 */
export function onUnauthorized(handler: () => void): () => void {
  const previous = leaveForLogin;
  leaveForLogin = handler;
  return () => {
    if (leaveForLogin === handler) leaveForLogin = previous;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (e.g. the board's origin id on changes). */
  headers?: Record<string, string>;
  /** A file sent as the body as it is, instead of `body` as JSON (an import's upload). */
  file?: Blob;
  /** `blob`: a successful answer's bytes as they are (a download), not read as JSON. */
  answer?: 'json' | 'blob';
}

/**
 * One JSON call to `/api{path}` with the stored bearer token and the releases of the remotes
 * loaded so far (a server error can be traced to a release). A 401 on any call but a sign-in
 * clears the stored session and leaves for /login before the call rejects.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, file, signal, headers: extra, answer = 'json' }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = window.localStorage.getItem(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const versions = remoteVersionsHeader();
  if (versions) headers[REMOTE_VERSIONS_HEADER] = versions;
  // A file (an import's upload) goes as it is, with its own type.
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(`${apiBasePath}${path}`, {
    method,
    headers,
    body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal,
  });
  const data = answer === 'blob' && response.ok ? await response.blob() : await readJson(response);
  if (response.status === 401 && !signInPaths.has(path)) {
    // The session is gone on the server: forget it here too, and go sign in again.
    try {
      useSession.getState().signOut();
    } catch (error) {
      console.warn('Could not clear the stored session', error);
    }
    leaveForLogin();
  }
  if (!response.ok)
    throw new ApiError(response.status, messageOf(data) ?? kitText('requestFailed', { status: response.status }), data);
  return data as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The server's own `{ message }` for a failed call, if it sent one (not for network failures),
 * in the page's language when it is a message of the contracts' catalogue.
 */
export function serverMessage(error: unknown): string | undefined {
  const message = error instanceof ApiError ? messageOf(error.body) : undefined;
  return message === undefined ? undefined : inReadersLanguage(message);
}

function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return undefined;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
