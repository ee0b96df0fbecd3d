import { Hono } from 'hono';
import {
  LoginRequest,
  ProfileUpdate,
  RegisterRequest,
  ResendVerificationRequest,
  StatusChange,
  UserUpdateRequest,
  VerifyEmailRequest,
  IdParam,
  InvitedAccountRequest,
  InvitedAccountResponse,
  MessageResponse,
  SessionResponse,
  UserDto,
} from '@trackboard/contracts';
import { clientIp, documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { Accounts } from '../domain/accounts';
import { sessionOrigin } from './session-origin';
import { anyLiveStatus } from './live-statuses';

/** Spec §7.1: /auth/*. */
export const authRoutes = (accounts: Accounts, authenticate: Authenticator) => {
  const signedIn = requireUser(authenticate, anyLiveStatus);
  // Logout ends the caller's session; a personal access token has none (revoke it instead).
  const signedInSession = requireUser(authenticate, anyLiveStatus, { sessionOnly: true });
  const active = requireUser(authenticate);
  return (
    new Hono<AppEnv>()
      .post(
        '/register',
        documented({
          summary: 'Register an account (it then awaits e-mail verification and approval)',
          public: true,
          responses: { 201: SessionResponse },
          // 403: passwords are turned off (OIDC_ONLY).
          errors: [403, 409, 429, 503],
        }),
        validate('json', RegisterRequest),
        async (c) =>
          c.json(await accounts.register(c.req.valid('json'), sessionOrigin(c), c.req.header('accept-language')), 201),
      )
      .post(
        '/invited-accounts',
        documented({
          summary: "Register through a project's invitation link: verified and active at once (then accept it)",
          public: true,
          responses: { 201: InvitedAccountResponse },
          errors: [403, 404, 409, 429, 503],
        }),
        validate('json', InvitedAccountRequest),
        async (c) => c.json(await accounts.registerInvited(c.req.valid('json'), sessionOrigin(c)), 201),
      )
      .post(
        '/login',
        documented({
          summary: 'Sign in',
          public: true,
          responses: { 200: SessionResponse },
          errors: [401, 403, 429, 503],
        }),
        validate('json', LoginRequest),
        async (c) => c.json(await accounts.login(c.req.valid('json'), sessionOrigin(c))),
      )
      .post(
        '/verify-email',
        documented({
          summary: 'Verify the e-mail address (the mailed link)',
          public: true,
          responses: { 200: MessageResponse },
          errors: [409],
        }),
        validate('json', VerifyEmailRequest),
        async (c) => c.json(await accounts.verifyEmail(c.req.valid('json').token)),
      )
      .post(
        '/resend-verification',
        documented({
          summary: 'Mail the verification link again',
          public: true,
          responses: { 200: MessageResponse },
          errors: [429, 503],
        }),
        validate('json', ResendVerificationRequest),
        async (c) =>
          c.json(
            await accounts.resendVerification(c.req.valid('json').email, clientIp(c), c.req.header('accept-language')),
          ),
      )
      .post(
        '/logout',
        documented({ summary: "End the caller's session", responses: { 204: null } }),
        signedInSession,
        async (c) => {
          await accounts.logout(c.var.user);
          return c.body(null, 204);
        },
      )
      .get(
        '/profile',
        documented({ summary: "The caller's account", responses: { 200: UserDto } }),
        signedIn,
        async (c) => c.json(await accounts.profile(c.var.user)),
      )
      .put(
        '/profile',
        documented({ summary: "Change the caller's name, bio or settings", responses: { 200: UserDto } }),
        signedIn,
        validate('json', ProfileUpdate),
        async (c) => c.json(await accounts.updateProfile(c.var.user, c.req.valid('json'))),
      )
      // Account administration (for administrators), called by the admin service with the administrator's token.
      .put(
        '/users/:id/status',
        documented({
          summary: 'Move an account along its states (the admin service)',
          responses: { 200: UserDto },
          errors: [404, 409],
        }),
        active,
        validate('param', IdParam),
        validate('json', StatusChange),
        async (c) =>
          c.json(
            await accounts.changeStatus(
              c.var.user,
              c.req.valid('param').id,
              c.req.valid('json').status,
              c.req.valid('json').reason,
            ),
          ),
      )
      .post(
        '/users/:id/resend-verification',
        documented({
          summary: 'Mail the verification link again (the admin service)',
          responses: { 200: MessageResponse },
          errors: [404, 409, 429, 503],
        }),
        active,
        validate('param', IdParam),
        async (c) => c.json(await accounts.resendFor(c.var.user, c.req.valid('param').id)),
      )
      .put(
        '/users/:id',
        documented({
          summary: "Change an account's name or bio (the admin service)",
          responses: { 200: UserDto },
          errors: [404],
        }),
        active,
        validate('param', IdParam),
        validate('json', UserUpdateRequest),
        async (c) => c.json(await accounts.updateUser(c.var.user, c.req.valid('param').id, c.req.valid('json'))),
      )
      .delete(
        '/users/:id',
        documented({ summary: 'Delete an account (the admin service)', responses: { 204: null }, errors: [404, 409] }),
        active,
        validate('param', IdParam),
        async (c) => {
          await accounts.deleteUser(c.var.user, c.req.valid('param').id);
          return c.body(null, 204);
        },
      )
  );
};

/** Spec §7.5: PUT /users/profile ({ name, bio } or { profileSettings: one field }). */
export const profileRoutes = (accounts: Accounts, authenticate: Authenticator) =>
  new Hono<AppEnv>().put(
    '/profile',
    documented({ summary: "Change the caller's name, bio or settings", responses: { 200: UserDto } }),
    requireUser(authenticate, anyLiveStatus),
    validate('json', ProfileUpdate),
    async (c) => c.json(await accounts.updateProfile(c.var.user, c.req.valid('json'))),
  );
