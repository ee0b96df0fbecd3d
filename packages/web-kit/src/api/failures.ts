import { ApiError, serverMessage } from './api-client';

/**
 * What a screen says about a failed call: the server's message if it
 * sent one, else the error's own (e.g. offline), else the screen's default. An API error
 * without a message of its own says no more than the default. Admin alerts say
 * only the server's message or their default: they use `serverMessage(error) ?? fallback`.
 */
export function errorReason(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * swr's `shouldRetryOnError` for reads: a 4xx will not change by asking again (a missing
 * project stays missing, a non-admin stays one); a 5xx or a dropped connection may.
 */
export const retryUnlessClientError = (error: unknown): boolean => !(error instanceof ApiError && error.status < 500);
