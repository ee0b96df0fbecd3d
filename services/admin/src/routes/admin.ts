import { Hono } from 'hono';
import { z } from 'zod';
import {
  AdminDashboardDto,
  AdminUserDto,
  AdminUsersQuery,
  DeletedUser,
  IdParam,
  MessageResponse,
  ModerationLogQuery,
  ModerationLogResponse,
  ModerationResponse,
  PendingUsersResponse,
  RejectRequest,
  RoleChangeRequest,
  SuspensionRequest,
  UserEmailQuery,
  UserIssueDto,
  UserListQuery,
  UserSearchHit,
  UserSearchQuery,
  UserStatsDto,
  UserDeletionRequest,
  UserUpdateRequest,
} from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { ModerationLog } from '../domain/moderation-log';
import type { Users } from '../domain/users';

/** Spec §7.5: /admin/users (administrators only); roles, suspension and the moderation log. */
export const adminRoutes = (users: Users, log: ModerationLog) =>
  new Hono<AppEnv>()
    .get(
      '/users',
      documented({
        summary: 'Accounts, filtered, searched, sorted and paged',
        responses: { 200: PendingUsersResponse },
      }),
      validate('query', AdminUsersQuery),
      async (c) => c.json(await users.list(c.var.user, c.req.valid('query'))),
    )
    .put(
      '/users/:id/approve',
      documented({
        summary: 'Approve an account awaiting approval',
        responses: { 200: ModerationResponse },
        errors: [404, 409, 503],
      }),
      validate('param', IdParam),
      async (c) => c.json(await users.approve(c.var.user, c.var.token, c.req.valid('param').id)),
    )
    .put(
      '/users/:id/reject',
      documented({
        summary: 'Reject an account awaiting approval',
        responses: { 200: ModerationResponse },
        errors: [404, 409, 503],
      }),
      validate('param', IdParam),
      validate('json', RejectRequest),
      async (c) =>
        c.json(
          await users.reject(c.var.user, c.var.token, c.req.valid('param').id, c.req.valid('json').reason ?? null),
        ),
    )
    .post(
      '/users/:id/resend-verification',
      documented({
        summary: 'Mail the verification link again',
        responses: { 200: MessageResponse },
        errors: [404, 409, 429, 503],
      }),
      validate('param', IdParam),
      async (c) => c.json(await users.resendVerification(c.var.user, c.var.token, c.req.valid('param').id)),
    )
    .put(
      '/users/:id/role',
      documented({
        summary: 'Make an account an administrator or a user',
        responses: { 200: ModerationResponse },
        errors: [404, 409, 503],
      }),
      validate('param', IdParam),
      validate('json', RoleChangeRequest),
      async (c) => {
        const { role, reason } = c.req.valid('json');
        return c.json(await users.changeRole(c.var.user, c.var.token, c.req.valid('param').id, role, reason ?? null));
      },
    )
    .put(
      '/users/:id/status',
      documented({
        summary: 'Suspend an active account or reactivate a suspended one',
        responses: { 200: ModerationResponse },
        errors: [404, 409, 503],
      }),
      validate('param', IdParam),
      validate('json', SuspensionRequest),
      async (c) => {
        const { status, reason } = c.req.valid('json');
        return c.json(
          await users.changeStatus(c.var.user, c.var.token, c.req.valid('param').id, status, reason ?? null),
        );
      },
    )
    .get(
      '/moderation-log',
      documented({ summary: "The administrators' actions, newest first", responses: { 200: ModerationLogResponse } }),
      validate('query', ModerationLogQuery),
      async (c) => c.json(await log.list(c.var.user, c.req.valid('query'))),
    );

/** Spec §7.5: the user directory. Administrators see everyone; a user reaches their own record. */
export const userRoutes = (users: Users) =>
  new Hono<AppEnv>()
    .get(
      '/search',
      documented({
        summary: 'Active accounts sharing a project with the caller, by name (e-mail: leads and administrators)',
        responses: { 200: z.array(UserSearchHit) },
      }),
      validate('query', UserSearchQuery),
      async (c) => c.json(await users.search(c.var.user, c.req.valid('query').query)),
    )
    .get(
      '/stats',
      documented({
        summary: "An account's counts of projects and issues",
        responses: { 200: UserStatsDto },
        errors: [404],
      }),
      validate('query', UserEmailQuery),
      async (c) => c.json(await users.stats(c.var.user, c.req.valid('query').email)),
    )
    .get(
      '/',
      documented({
        summary: 'One account by ?email=, or (administrators) every account',
        responses: { 200: z.union([z.array(AdminUserDto), AdminUserDto]) },
        errors: [404],
      }),
      validate('query', UserListQuery),
      async (c) => {
        const { email } = c.req.valid('query');
        return c.json(email === undefined ? await users.all(c.var.user) : await users.byEmail(c.var.user, email));
      },
    )
    .put(
      '/',
      documented({
        summary: "Change an account's name or bio (by ?email=)",
        responses: { 200: AdminUserDto },
        errors: [404, 503],
      }),
      validate('query', UserEmailQuery),
      validate('json', UserUpdateRequest),
      async (c) => c.json(await users.update(c.var.user, c.var.token, c.req.valid('query').email, c.req.valid('json'))),
    )
    .get(
      '/:id/issues',
      documented({
        summary: 'Issues an account reported or owns',
        responses: { 200: z.array(UserIssueDto) },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await users.issuesOf(c.var.user, c.req.valid('param').id)),
    )
    .delete(
      '/:id',
      documented({ summary: 'Delete an account', responses: { 200: DeletedUser }, errors: [404, 409, 503] }),
      validate('param', IdParam),
      validate('json', UserDeletionRequest),
      async (c) =>
        c.json(
          await users.remove(c.var.user, c.var.token, c.req.valid('param').id, c.req.valid('json').reason ?? null),
        ),
    );

/** Spec §7.3: GET /dashboard/admin. */
export const adminDashboardRoutes = (users: Users) =>
  new Hono<AppEnv>().get(
    '/',
    documented({
      summary: 'Account counts, registrations and the longest waiting',
      responses: { 200: AdminDashboardDto },
    }),
    async (c) => c.json(await users.dashboard(c.var.user)),
  );
