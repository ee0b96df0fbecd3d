import { and, eq, gt, isNull, isNotNull, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { messages, USER_NAME_MAX_LENGTH, type SsoSessionResponse } from '@trackboard/contracts';
import {
  HttpError,
  Unauthorized,
  hashSecretToken,
  isUniqueViolation,
  type Clock,
  type Db,
  type Logger,
} from '@trackboard/server-kit';
import { externalIdentities, ssoLogins, users, type SsoOutcome } from '../db/schema';
import type { SsoSettings } from '../sso-config';
import { byEmail, findUser } from './account-rows';
import { verifyPassword } from './passwords';
import { assertMaySignIn, type SessionOrigin, type StartSession } from './sessions';
import type { Throttles } from './throttles';

// Single sign-on by OpenID Connect's Authorization Code flow with PKCE, through openid-client
// (discovery, the token exchange, the ID token's signature, issuer, audience, nonce and state).
//
// 1. GET /oidc/start keeps the flow's PKCE verifier and nonce in a row found by its state, sets
//    the state as a cookie in this browser, and sends the browser to the provider.
// 2. GET /oidc/callback: the provider's answer, with the cookie. Its outcome (this account signs
//    in, this account's password must confirm a link, or why not) is kept on the row, and the
//    browser is sent to the sign-in page.
// 3. POST /oidc/session (or /oidc/link with the password): the page collects the outcome once,
//    as a session of ours, the same token and revocation as a password sign-in.
// No token of ours ever travels in an address; the cookie keeps another browser from finishing
// a flow this one started (a login forced on someone else).

/** From the start to the outcome collected. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** Where the callback sends the browser: the sign-in page collects the outcome. */
export const SSO_LANDING = '/login?sso=1';

/** The start of an in-app path, and nothing that leaves the app (`//host`, `/\host`). */
const safeReturnTo = (path: string | undefined) => (path && /^\/(?![/\\])/.test(path) ? path : '/');
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
const failed = (status: 401 | 403 | 503, message: string): SsoOutcome => ({ kind: 'failed', status, message });
/** The provider answered, and said no (or said something that does not hold): not an outage. */
const refusedByProvider = (err: unknown) =>
  err instanceof oidc.ClientError ||
  err instanceof oidc.ResponseBodyError ||
  err instanceof oidc.AuthorizationResponseError;

export type SingleSignOnDeps = {
  db: Db;
  settings: SsoSettings;
  /** Where users reach the app: the provider sends them back to `${publicUrl}/api/auth/oidc/callback`. */
  publicUrl: string;
  clock: Clock;
  log: Logger;
  startSession: StartSession;
  throttles: Throttles;
};

export function createSingleSignOn({ db, settings, publicUrl, clock, log, startSession, throttles }: SingleSignOnDeps) {
  const redirectUri = `${publicUrl}/api/auth/oidc/callback`;
  // The provider's metadata and keys, found once; a failed discovery is tried again next time.
  let discovered: Promise<oidc.Configuration> | null = null;
  const provider = () =>
    (discovered ??= oidc
      .discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain http only on this machine (a provider beside us in development and tests).
        execute:
          settings.issuer.protocol === 'http:' && isLoopback(settings.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      }));
  const now = () => clock.now();

  /** The row the browser's cookie names, still open; with `decided`, only once the provider has answered. */
  async function pending(state: string | undefined, decided: boolean) {
    if (!state) return null;
    const [login] = await db
      .select()
      .from(ssoLogins)
      .where(
        and(
          eq(ssoLogins.stateHash, hashSecretToken(state)),
          isNull(ssoLogins.usedAt),
          gt(ssoLogins.expiresAt, now()),
          decided ? isNotNull(ssoLogins.outcome) : isNull(ssoLogins.outcome),
        ),
      );
    return login ?? null;
  }

  /** Spends the row: true for the one request that does (two tabs collecting one outcome: one wins). */
  async function spend(tx: Db, id: number): Promise<boolean> {
    const spent = await tx
      .update(ssoLogins)
      .set({ usedAt: now() })
      .where(and(eq(ssoLogins.id, id), isNull(ssoLogins.usedAt)))
      .returning({ id: ssoLogins.id });
    return spent.length > 0;
  }

  /** Where the provider's person belongs here: a linked account, an account to link, or a new one. */
  async function place(
    person: { issuer: string; subject: string; email: string; name: string; admin: boolean },
    retried = false,
  ): Promise<SsoOutcome> {
    const { issuer, subject, email, admin } = person;
    const [linked] = await db
      .select({ userId: externalIdentities.userId })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
    if (linked) return { kind: 'signIn', userId: linked.userId, email, issuer, subject, admin };
    const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email));
    // An account someone made with this address: only its password may join it to the provider.
    if (existing) return { kind: 'link', userId: existing.id, email, issuer, subject, admin };
    try {
      // The provider verified the address: the account is active at once, with no password.
      const userId = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ name: person.name, email, passwordHash: null, status: 'ACTIVE', isAdmin: admin })
          .returning({ id: users.id });
        await tx.insert(externalIdentities).values({ userId: user!.id, issuer, subject });
        return user!.id;
      });
      return { kind: 'signIn', userId, email, issuer, subject, admin };
    } catch (err) {
      // Two first sign-ins at once (two tabs): the other made the account; look again.
      if (isUniqueViolation(err) && !retried) return place(person, true);
      throw err;
    }
  }

  /** The provider's answer (the callback's query), checked, and what it decides. */
  async function decide(login: typeof ssoLogins.$inferSelect, state: string, query: string): Promise<SsoOutcome> {
    let config: oidc.Configuration;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      config = await provider();
      tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'single sign-on: the provider’s answer was refused');
      return refusedByProvider(err) ? failed(401, messages.ssoRefused) : failed(503, messages.ssoUnavailable);
    }
    const claims = tokens.claims()!;
    // Providers put the e-mail and groups in the ID token, the userinfo answer, or both.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch((err: unknown) => {
      log.warn({ err: (err as Error).message }, 'single sign-on: no userinfo; the ID token’s claims are used');
      return {};
    });
    const person: Record<string, unknown> = { ...claims, ...info };
    const email = typeof person.email === 'string' ? person.email.trim().toLowerCase() : '';
    if (!email || (person.email_verified !== true && person.email_verified !== 'true'))
      return failed(403, messages.ssoEmailNotVerified);
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (settings.allowedDomains.length > 0 && !settings.allowedDomains.includes(domain))
      return failed(403, messages.ssoDomainNotAllowed);
    const groups = Array.isArray(person.groups) ? person.groups.filter((g): g is string => typeof g === 'string') : [];
    // Keycloak names groups by path ("/admins").
    const admin = settings.adminGroup !== null && groups.some((g) => g.replace(/^\//, '') === settings.adminGroup);
    const name = (typeof person.name === 'string' && person.name.trim()) || email.slice(0, email.indexOf('@'));
    return place({ issuer: claims.iss, subject: claims.sub, email, name: name.slice(0, USER_NAME_MAX_LENGTH), admin });
  }

  /** The account signs in: made an administrator when the provider's group says so (never unmade here). */
  async function signIn(outcome: Extract<SsoOutcome, { userId: number }>, returnTo: string, origin: SessionOrigin) {
    const found = await findUser(db, outcome.userId);
    assertMaySignIn(found);
    const [user = found] =
      outcome.admin && !found.isAdmin
        ? await db.update(users).set({ isAdmin: true, updatedAt: now() }).where(eq(users.id, found.id)).returning()
        : [];
    await db
      .update(externalIdentities)
      .set({ lastSignInAt: now() })
      .where(and(eq(externalIdentities.issuer, outcome.issuer), eq(externalIdentities.subject, outcome.subject)));
    return { ...(await startSession(user, origin, 'sso')), returnTo } satisfies SsoSessionResponse;
  }

  return {
    name: settings.name,
    /** OIDC_ONLY. */
    only: settings.only,

    /** The state (for the cookie) and where to send the browser: the provider, or the sign-in page to say why not. */
    async start(returnTo: string | undefined, clientIp: string): Promise<{ state: string; location: string }> {
      await throttles.ssoStart(clientIp);
      const state = oidc.randomState();
      const row = {
        stateHash: hashSecretToken(state),
        returnTo: safeReturnTo(returnTo),
        expiresAt: new Date(now().getTime() + LOGIN_TTL_MS),
      };
      // Flows never finished leave their rows: gone once well past their end.
      await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date(now().getTime() - LOGIN_TTL_MS)));
      let config: oidc.Configuration;
      try {
        config = await provider();
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'single sign-on: the provider’s discovery failed');
        await db
          .insert(ssoLogins)
          .values({ ...row, codeVerifier: '', nonce: '', outcome: failed(503, messages.ssoUnavailable) });
        return { state, location: SSO_LANDING };
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      await db.insert(ssoLogins).values({ ...row, codeVerifier, nonce });
      const location = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { state, location: location.href };
    },

    /** The provider's answer: its outcome is kept for the page (the first answer only). */
    async callback(state: string | undefined, query: string): Promise<void> {
      const login = await pending(state, false);
      if (!login) return;
      const outcome = await decide(login, state!, query);
      await db
        .update(ssoLogins)
        .set({ outcome })
        .where(and(eq(ssoLogins.id, login.id), isNull(ssoLogins.outcome)));
    },

    /** The outcome, once: a session, a link to confirm (409), or why not. */
    async session(state: string | undefined, origin: SessionOrigin): Promise<SsoSessionResponse> {
      const login = await pending(state, true);
      const outcome = login?.outcome;
      if (!login || !outcome) throw new Unauthorized(messages.ssoNotStarted);
      if (outcome.kind === 'link')
        throw new HttpError(409, messages.ssoLinkRequired(settings.name), {
          link: { email: outcome.email, provider: settings.name },
        });
      if (!(await spend(db, login.id))) throw new Unauthorized(messages.ssoNotStarted);
      if (outcome.kind === 'failed') throw new HttpError(outcome.status, outcome.message);
      return signIn(outcome, login.returnTo, origin);
    },

    /** The existing account's password links it to the provider's person, and signs in. */
    async link(state: string | undefined, password: string, origin: SessionOrigin): Promise<SsoSessionResponse> {
      const login = await pending(state, true);
      const outcome = login?.outcome;
      if (!login || outcome?.kind !== 'link') throw new Unauthorized(messages.ssoNotStarted);
      const attempt = await throttles.loginAttempt(outcome.email, origin.ipAddress);
      const user = await findUser(db, outcome.userId);
      if (!(await verifyPassword(user.passwordHash, password))) {
        await attempt.failed();
        throw new Unauthorized(messages.invalidCredentials);
      }
      await attempt.succeeded();
      assertMaySignIn(user);
      const linked = await db.transaction(async (tx) => {
        if (!(await spend(tx, login.id))) return false;
        await tx
          .insert(externalIdentities)
          .values({ userId: user.id, issuer: outcome.issuer, subject: outcome.subject })
          .onConflictDoNothing();
        return true;
      });
      if (!linked) throw new Unauthorized(messages.ssoNotStarted);
      return signIn(outcome, login.returnTo, origin);
    },
  };
}
export type SingleSignOn = ReturnType<typeof createSingleSignOn>;
