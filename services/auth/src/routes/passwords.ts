import { Hono } from 'hono';
import { MessageResponse, PasswordChange, PasswordResetConfirm, PasswordResetRequest } from '@trackboard/contracts';
import { clientIp, documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { PasswordChanges } from '../domain/password-changes';
import { anyLiveStatus } from './live-statuses';

/** /auth/password-reset/* for anyone (the link is the proof), /auth/password signed in. */
export const passwordRoutes = (passwords: PasswordChanges, authenticate: Authenticator) =>
  new Hono<AppEnv>()
    .post(
      '/password-reset/request',
      documented({
        summary: 'Mail a password reset link (the same answer whether or not the address has an account)',
        public: true,
        responses: { 200: MessageResponse },
        // 403: passwords are turned off (OIDC_ONLY).
        errors: [403, 429, 503],
      }),
      validate('json', PasswordResetRequest),
      async (c) =>
        c.json(await passwords.requestReset(c.req.valid('json').email, clientIp(c), c.req.header('accept-language'))),
    )
    .post(
      '/password-reset/confirm',
      documented({
        summary: 'Set a new password with the mailed link',
        public: true,
        responses: { 200: MessageResponse },
        errors: [403],
      }),
      validate('json', PasswordResetConfirm),
      async (c) => c.json(await passwords.confirmReset(c.req.valid('json').token, c.req.valid('json').password)),
    )
    .put(
      '/password',
      documented({ summary: "Change the caller's password", responses: { 200: MessageResponse }, errors: [429, 503] }),
      // A personal access token never changes the password: a leaked one must not take the account.
      requireUser(authenticate, anyLiveStatus, { sessionOnly: true }),
      validate('json', PasswordChange),
      async (c) => c.json(await passwords.change(c.var.user, c.req.valid('json'))),
    );
