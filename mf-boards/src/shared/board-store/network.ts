import { ApiError } from '@trackboard/web-kit';

/**
 * Whether a call got no answer at all (offline, server unreachable): `fetch` itself rejects
 * with a TypeError ("Failed to fetch" in Chromium, "NetworkError…" in Firefox). An answer the
 * server gave, even a 5xx, is an ApiError; an aborted call is a DOMException. Both say the
 * network works, so neither counts.
 */
export function noAnswer(error: unknown): boolean {
  return error instanceof TypeError && !(error instanceof ApiError);
}
