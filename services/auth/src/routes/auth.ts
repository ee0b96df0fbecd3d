import { Hono } from 'hono';
import {
  accountStatuses,
  LoginRequest,
  ProfileUpdate,
  RegisterRequest,
  ResendVerificationRequest,
  StatusChange,
  UserUpdateRequest,
  VerifyEmailRequest,
  IdParam,
  type AccountStatus,
} from '@trackboard/contracts';
import { clientIp, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { Accounts } from '../domain/accounts';

// A pending account may read its profile and log out; a locked-out one has no live session.
const anyLiveStatus: AccountStatus[] = accountStatuses.filter((s) => s !== 'REJECTED' && s !== 'SUSPENDED');

/** Spec §7.1: /auth/*. */
export const authRoutes = (accounts: Accounts, authenticate: Authenticator) => {
  const signedIn = requireUser(authenticate, anyLiveStatus);
  // Logout ends the caller's session; a personal access token has none (revoke it instead, issue 17).
  const signedInSession = requireUser(authenticate, anyLiveStatus, { sessionOnly: true });
  const active = requireUser(authenticate);
  return (
    new Hono<AppEnv>()
      .post('/register', validate('json', RegisterRequest), async (c) =>
        c.json(await accounts.register(c.req.valid('json'), clientIp(c)), 201),
      )
      .post('/login', validate('json', LoginRequest), async (c) =>
        c.json(await accounts.login(c.req.valid('json'), clientIp(c))),
      )
      .post('/verify-email', validate('json', VerifyEmailRequest), async (c) =>
        c.json(await accounts.verifyEmail(c.req.valid('json').token)),
      )
      .post('/resend-verification', validate('json', ResendVerificationRequest), async (c) =>
        c.json(await accounts.resendVerification(c.req.valid('json').email, clientIp(c))),
      )
      .post('/logout', signedInSession, async (c) => {
        await accounts.logout(c.var.user);
        return c.body(null, 204);
      })
      .get('/profile', signedIn, async (c) => c.json(await accounts.profile(c.var.user)))
      .put('/profile', signedIn, validate('json', ProfileUpdate), async (c) =>
        c.json(await accounts.updateProfile(c.var.user, c.req.valid('json'))),
      )
      // Account administration (for administrators), called by the admin service with the administrator's token.
      .put('/users/:id/status', active, validate('param', IdParam), validate('json', StatusChange), async (c) =>
        c.json(
          await accounts.changeStatus(
            c.var.user,
            c.req.valid('param').id,
            c.req.valid('json').status,
            c.req.valid('json').reason,
          ),
        ),
      )
      .post('/users/:id/resend-verification', active, validate('param', IdParam), async (c) =>
        c.json(await accounts.resendFor(c.var.user, c.req.valid('param').id)),
      )
      .put('/users/:id', active, validate('param', IdParam), validate('json', UserUpdateRequest), async (c) =>
        c.json(await accounts.updateUser(c.var.user, c.req.valid('param').id, c.req.valid('json'))),
      )
      .delete('/users/:id', active, validate('param', IdParam), async (c) => {
        await accounts.deleteUser(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      })
  );
};

/** Spec §7.5: PUT /users/profile ({ name, bio } or { profileSettings: one field }). */
export const profileRoutes = (accounts: Accounts, authenticate: Authenticator) =>
  new Hono<AppEnv>().put(
    '/profile',
    requireUser(authenticate, anyLiveStatus),
    validate('json', ProfileUpdate),
    async (c) => c.json(await accounts.updateProfile(c.var.user, c.req.valid('json'))),
  );
