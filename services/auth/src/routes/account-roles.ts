import { Hono } from 'hono';
import { AccountRoleChange, IdParam, UserDto } from '@trackboard/contracts';
import { documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { AccountRoles } from '../domain/account-roles';

/**
 * PUT /auth/users/:id/role: account administration, like the other /auth/users
 * routes called only by the admin service with the administrator's token (the gateway refuses it).
 */
export const accountRoleRoutes = (roles: AccountRoles, authenticate: Authenticator) =>
  new Hono<AppEnv>().put(
    '/:id/role',
    documented({
      summary: 'Make an account an administrator or a user (the admin service)',
      responses: { 200: UserDto },
      errors: [404, 409],
    }),
    requireUser(authenticate),
    validate('param', IdParam),
    validate('json', AccountRoleChange),
    async (c) => c.json(await roles.changeRole(c.var.user, c.req.valid('param').id, c.req.valid('json').role)),
  );
