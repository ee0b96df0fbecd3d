import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { bearerToken, type Authenticator } from '@trackboard/server-kit';

/** Who a page load is, for the canary: before sign-in, an anonymous id kept in this cookie for a year. */
const visitorCookie = 'tb_visitor';
const visitorId = /^[0-9a-f-]{36}$/;

/** Whom a request is for, as a canary subject: `user:<id>` or `visitor:<cookie>`. */
export function visitorsOf(authenticate: Authenticator) {
  /** The signed-in user (a valid token), else the visitor cookie; null for neither. */
  async function knownSubject(c: Context): Promise<string | null> {
    const token = bearerToken(c.req.header('authorization'));
    const user = token ? await authenticate(token) : null;
    if (user) return `user:${user.id}`;
    const visitor = getCookie(c, visitorCookie);
    return visitor && visitorId.test(visitor) ? `visitor:${visitor}` : null;
  }

  return {
    knownSubject,

    /** The user a page load is for (their account, when it carries a valid token), else the visitor cookie, set now if absent. */
    async subjectOf(c: Context): Promise<string> {
      const known = await knownSubject(c);
      if (known) return known;
      const visitor = randomUUID();
      setCookie(c, visitorCookie, visitor, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', httpOnly: true });
      return `visitor:${visitor}`;
    },
  };
}
export type Visitors = ReturnType<typeof visitorsOf>;
