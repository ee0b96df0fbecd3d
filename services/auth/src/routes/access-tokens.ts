import { Hono } from 'hono';
import { AccessTokenCreate, AccessTokenList, CreatedAccessTokenDto, IdParam } from '@trackboard/contracts';
import { documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { AccessTokens } from '../domain/access-tokens';
import { anyLiveStatus } from './live-statuses';

/** /auth/tokens — personal access tokens. */
export const accessTokenRoutes = (tokens: AccessTokens, authenticate: Authenticator) => {
  const session = requireUser(authenticate, anyLiveStatus, { sessionOnly: true });
  return new Hono<AppEnv>()
    .post(
      '/tokens',
      documented({
        summary: 'Create a personal access token (shown once; a signed-in session only)',
        responses: { 201: CreatedAccessTokenDto },
        errors: [409],
      }),
      session,
      validate('json', AccessTokenCreate),
      async (c) => c.json(await tokens.create(c.var.user, c.req.valid('json')), 201),
    )
    .get(
      '/tokens',
      documented({
        summary: "The caller's personal access tokens, newest first (never the token itself)",
        responses: { 200: AccessTokenList },
      }),
      session,
      async (c) => c.json(await tokens.list(c.var.user)),
    )
    .delete(
      '/tokens/:id',
      documented({
        summary: 'Revoke one of the caller’s personal access tokens',
        responses: { 204: null },
        errors: [404],
      }),
      session,
      validate('param', IdParam),
      async (c) => {
        await tokens.revoke(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
};
