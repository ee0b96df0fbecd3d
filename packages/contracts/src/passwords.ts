import { z } from 'zod';
import { Email, Password } from './auth';
import { PASSWORD_MAX_LENGTH } from './rules';
import { lineText } from './text';

// Password reset and change. The new password has register's length rules here and
// its policy (too guessable, personal) in the auth service, so both say the same things.

/** POST /auth/password-reset/request: the answer is the same whether or not the address has an account. */
export const PasswordResetRequest = z.object({ email: Email });

/** POST /auth/password-reset/confirm: the token from the mailed link, and the new password. */
export const PasswordResetConfirm = z.object({
  token: lineText({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
  password: Password,
});

/**
 * PUT /auth/password: signed in, proving the current password. The account's personal access
 * tokens are revoked with the old password unless `keepAccessTokens` is true: a token minted by
 * whoever knew it must not outlive the change.
 */
export const PasswordChange = z.object({
  currentPassword: lineText({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX_LENGTH, 'is too long'),
  password: Password,
  keepAccessTokens: z.boolean({ error: 'must be true or false' }).default(false),
});
export type PasswordChange = z.input<typeof PasswordChange>;
