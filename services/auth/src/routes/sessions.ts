import { Hono } from 'hono';
import { z } from 'zod';
import { SessionDto } from '@trackboard/contracts';
import { documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { SessionList } from '../domain/sessions';
import { anyLiveStatus } from './live-statuses';

const SessionParam = z.object({ sessionId: z.uuid({ error: 'must be a session id' }) });

/**
 * /auth/sessions: the caller's own sessions, listed and signed out one by one. Signed-in
 * sessions only: a personal access token must not end its owner's sessions or list them.
 */
export const sessionRoutes = (sessions: SessionList, authenticate: Authenticator) => {
  const signedInSession = requireUser(authenticate, anyLiveStatus, { sessionOnly: true });
  return new Hono<AppEnv>()
    .get(
      '/sessions',
      documented({ summary: "The caller's live sessions, newest first", responses: { 200: z.array(SessionDto) } }),
      signedInSession,
      async (c) => c.json(await sessions.list(c.var.user)),
    )
    .delete(
      '/sessions/:sessionId',
      documented({
        summary: 'Sign one of your sessions out, everywhere at once',
        responses: { 204: null },
        errors: [404],
      }),
      signedInSession,
      validate('param', SessionParam),
      async (c) => {
        await sessions.signOut(c.var.user, c.req.valid('param').sessionId);
        return c.body(null, 204);
      },
    );
};
