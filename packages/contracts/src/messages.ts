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
  accountNotActive: 'Your account is not active.',
  adminOnly: 'Only administrators can do this.',

  // Accounts (spec §8.1, §8.3)
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  accountRejected: 'Your account has been rejected. If you believe this is an error, please contact support.',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  emailNotVerified: 'Your email address is not verified yet. Please check your inbox for the verification link.',
  verificationExpired: 'Verification token has expired. Please request a new one.',
  verificationInvalid: 'Invalid verification token. Please try again or request a new one.',
  verificationSent: 'If an account with that email exists and requires verification, a new email has been sent.',
  emailVerified: 'Email successfully verified. Your account is now pending admin approval.',
  emailRequired: 'Email address is required.',
  userNotFound: 'User not found',
  noChanges: 'No changes provided for update.',
  statusChangeRefused: (from: string, to: string) => `An account in status ${from} cannot become ${to}.`,
} as const;
