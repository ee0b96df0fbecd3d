import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { messages, SignInOptions, SsoLinkRequest, SsoSessionResponse } from '@trackboard/contracts';
import { NotFound, clientIp, documented, validate, type AppEnv } from '@trackboard/server-kit';
import { SSO_LANDING, type SingleSignOn } from '../domain/single-sign-on';
import { sessionOrigin } from './session-origin';

/** The state of this browser's single sign-on in progress: only where the flow's routes see it. */
const COOKIE = 'tb_sso';
const cookieOptions = (secure: boolean) =>
  ({ path: '/api/auth/oidc', httpOnly: true, sameSite: 'Lax', secure, maxAge: 10 * 60 }) as const;

const StartQuery = z.object({ returnTo: z.string().max(2000).optional() });

/**
 * GET /auth/sign-in-options, and single sign-on's routes under /auth/oidc (404 while it is off).
 * The cookie is Lax: the provider's redirect back to the callback is a top-level navigation,
 * which carries it; no other site's request does.
 */
export const singleSignOnRoutes = (sso: SingleSignOn | null, publicUrl: string) => {
  const secure = publicUrl.startsWith('https:');
  const on = () => {
    if (!sso) throw new NotFound(messages.notFound);
    return sso;
  };
  const state = (c: Context<AppEnv>) => getCookie(c, COOKIE);
  return new Hono<AppEnv>()
    .get(
      '/sign-in-options',
      documented({
        summary: 'How people sign in here (the sign-in page asks)',
        public: true,
        responses: { 200: SignInOptions },
      }),
      (c) => c.json({ sso: sso && { name: sso.name }, passwords: !sso?.only } satisfies SignInOptions),
    )
    .get(
      '/oidc/start',
      documented({
        summary: 'Start single sign-on: the browser goes to the identity provider',
        public: true,
        query: StartQuery,
        responses: { 302: null },
        errors: [404, 429],
      }),
      validate('query', StartQuery),
      async (c) => {
        const started = await on().start(c.req.valid('query').returnTo, clientIp(c));
        setCookie(c, COOKIE, started.state, cookieOptions(secure));
        return c.redirect(started.location, 302);
      },
    )
    .get(
      '/oidc/callback',
      documented({
        summary: "The identity provider's answer: the browser goes on to the sign-in page, which collects it",
        public: true,
        responses: { 302: null },
        errors: [404],
      }),
      async (c) => {
        await on().callback(state(c), new URL(c.req.url).search.slice(1));
        return c.redirect(SSO_LANDING, 302);
      },
    )
    .post(
      '/oidc/session',
      documented({
        summary: "Collect single sign-on's outcome once: a session, or (409) an existing account to link",
        public: true,
        responses: { 200: SsoSessionResponse },
        errors: [401, 403, 404, 409, 503],
      }),
      async (c) => {
        const session = await on().session(state(c), sessionOrigin(c));
        deleteCookie(c, COOKIE, cookieOptions(secure));
        return c.json(session);
      },
    )
    .post(
      '/oidc/link',
      documented({
        summary: "Link the existing account with this e-mail to the provider, confirmed by the account's password",
        public: true,
        responses: { 200: SsoSessionResponse },
        errors: [401, 403, 404, 429],
      }),
      validate('json', SsoLinkRequest),
      async (c) => {
        const session = await on().link(state(c), c.req.valid('json').password, sessionOrigin(c));
        deleteCookie(c, COOKIE, cookieOptions(secure));
        return c.json(session);
      },
    );
};
