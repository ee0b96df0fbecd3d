// The message catalogue: every user-facing text the server answers with, spec wording
// character for character, so the API and the UI never drift apart.
export const messages = {
  notFound: 'Not found',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have the necessary permissions to access this page.',
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Request body must be valid JSON',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
  boardNotFound: 'Board not found',
} as const;
