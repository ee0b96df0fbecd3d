import { Hono } from 'hono';
import { AdminUsersQuery, IdParam, RejectRequest, UserEmailQuery, UserListQuery, UserSearchQuery, UserUpdateRequest } from '@trackboard/contracts';
import { bearerToken, requireAdmin, validate, type AppEnv } from '@trackboard/server-kit';
import type { Users } from '../domain/users';

const tokenOf = (header: string | undefined) => bearerToken(header)!;

/** Spec §7.5: /admin/users (administrators only). */
export const adminRoutes = (users: Users) =>
  new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/users', async (c) => {
      // `status` may repeat, so the query is read whole rather than key by key.
      const query = AdminUsersQuery.safeParse({ ...c.req.query(), ...(c.req.queries('status') && { status: c.req.queries('status') }) });
      if (!query.success) return c.json({ message: `${query.error.issues[0]!.path.join('.')}: ${query.error.issues[0]!.message}` }, 400);
      return c.json(await users.list(query.data));
    })
    .put('/users/:id/approve', validate('param', IdParam), async (c) => c.json(await users.approve(c.var.user, tokenOf(c.req.header('authorization')), c.req.valid('param').id)))
    .put('/users/:id/reject', validate('param', IdParam), validate('json', RejectRequest), async (c) =>
      c.json(await users.reject(c.var.user, tokenOf(c.req.header('authorization')), c.req.valid('param').id, c.req.valid('json').reason ?? null)),
    )
    .post('/users/:id/resend-verification', validate('param', IdParam), async (c) => c.json(await users.resendVerification(tokenOf(c.req.header('authorization')), c.req.valid('param').id)));

/** Spec §7.5: the user directory. Administrators see everyone; a user reaches their own record. */
export const userRoutes = (users: Users) =>
  new Hono<AppEnv>()
    .get('/search', validate('query', UserSearchQuery), async (c) => c.json(await users.search(c.req.valid('query').query)))
    .get('/stats', validate('query', UserEmailQuery), async (c) => c.json(await users.stats(c.var.user, c.req.valid('query').email)))
    .get('/', validate('query', UserListQuery), async (c) => {
      const { email } = c.req.valid('query');
      return c.json(email === undefined ? await users.all(c.var.user) : await users.byEmail(c.var.user, email));
    })
    .put('/', validate('query', UserEmailQuery), validate('json', UserUpdateRequest), async (c) =>
      c.json(await users.update(c.var.user, tokenOf(c.req.header('authorization')), c.req.valid('query').email, c.req.valid('json'))),
    )
    .get('/:id/issues', validate('param', IdParam), async (c) => c.json(await users.issuesOf(c.var.user, c.req.valid('param').id)))
    .delete('/:id', requireAdmin, validate('param', IdParam), async (c) => c.json(await users.remove(tokenOf(c.req.header('authorization')), c.req.valid('param').id)));

/** Spec §7.3: GET /dashboard/admin. */
export const adminDashboardRoutes = (users: Users) => new Hono<AppEnv>().get('/', requireAdmin, async (c) => c.json(await users.dashboard()));
