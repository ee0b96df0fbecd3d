import { Hono } from 'hono';
import {
  AdminUsersQuery,
  IdParam,
  ModerationLogQuery,
  RejectRequest,
  RoleChangeRequest,
  SuspensionRequest,
  UserEmailQuery,
  UserListQuery,
  UserSearchQuery,
  UserDeletionRequest,
  UserUpdateRequest,
} from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { ModerationLog } from '../domain/moderation-log';
import type { Users } from '../domain/users';

/** Spec §7.5: /admin/users (administrators only); issue 15: roles, suspension and the moderation log. */
export const adminRoutes = (users: Users, log: ModerationLog) =>
  new Hono<AppEnv>()
    .get('/users', validate('query', AdminUsersQuery), async (c) =>
      c.json(await users.list(c.var.user, c.req.valid('query'))),
    )
    .put('/users/:id/approve', validate('param', IdParam), async (c) =>
      c.json(await users.approve(c.var.user, c.var.token, c.req.valid('param').id)),
    )
    .put('/users/:id/reject', validate('param', IdParam), validate('json', RejectRequest), async (c) =>
      c.json(await users.reject(c.var.user, c.var.token, c.req.valid('param').id, c.req.valid('json').reason ?? null)),
    )
    .post('/users/:id/resend-verification', validate('param', IdParam), async (c) =>
      c.json(await users.resendVerification(c.var.user, c.var.token, c.req.valid('param').id)),
    )
    .put('/users/:id/role', validate('param', IdParam), validate('json', RoleChangeRequest), async (c) => {
      const { role, reason } = c.req.valid('json');
      return c.json(await users.changeRole(c.var.user, c.var.token, c.req.valid('param').id, role, reason ?? null));
    })
    .put('/users/:id/status', validate('param', IdParam), validate('json', SuspensionRequest), async (c) => {
      const { status, reason } = c.req.valid('json');
      return c.json(await users.changeStatus(c.var.user, c.var.token, c.req.valid('param').id, status, reason ?? null));
    })
    .get('/moderation-log', validate('query', ModerationLogQuery), async (c) =>
      c.json(await log.list(c.var.user, c.req.valid('query'))),
    );

/** Spec §7.5: the user directory. Administrators see everyone; a user reaches their own record. */
export const userRoutes = (users: Users) =>
  new Hono<AppEnv>()
    .get('/search', validate('query', UserSearchQuery), async (c) =>
      c.json(await users.search(c.req.valid('query').query)),
    )
    .get('/stats', validate('query', UserEmailQuery), async (c) =>
      c.json(await users.stats(c.var.user, c.req.valid('query').email)),
    )
    .get('/', validate('query', UserListQuery), async (c) => {
      const { email } = c.req.valid('query');
      return c.json(email === undefined ? await users.all(c.var.user) : await users.byEmail(c.var.user, email));
    })
    .put('/', validate('query', UserEmailQuery), validate('json', UserUpdateRequest), async (c) =>
      c.json(await users.update(c.var.user, c.var.token, c.req.valid('query').email, c.req.valid('json'))),
    )
    .get('/:id/issues', validate('param', IdParam), async (c) =>
      c.json(await users.issuesOf(c.var.user, c.req.valid('param').id)),
    )
    .delete('/:id', validate('param', IdParam), validate('json', UserDeletionRequest), async (c) =>
      c.json(await users.remove(c.var.user, c.var.token, c.req.valid('param').id, c.req.valid('json').reason ?? null)),
    );

/** Spec §7.3: GET /dashboard/admin. */
export const adminDashboardRoutes = (users: Users) =>
  new Hono<AppEnv>().get('/', async (c) => c.json(await users.dashboard(c.var.user)));
