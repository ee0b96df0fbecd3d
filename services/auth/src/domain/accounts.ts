import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  canMoveAccount,
  lockedOutStatuses,
  messages,
  type ProfileUpdate,
  type SessionResponse,
  type UserDto,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  HttpError,
  Invalid,
  NotFound,
  Unauthorized,
  isUniqueViolation,
  memberships,
  toUserDto,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
  type Mailer,
  type Outbox,
  type RateLimiter,
  type TokenSigner,
  hashSecretToken,
} from '@trackboard/server-kit';
import { sessions, users, verificationTokens } from '../db/schema';
import { keepAnActiveAdmin } from './account-roles';
import { assertPasswordAllowed } from './password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { canAdministerAccounts } from './permissions';
import { createThrottles } from './throttles';
import { newLinkToken } from './tokens';

const SESSION_TTL_SECONDS = 12 * 60 * 60;
const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  sign: TokenSigner;
  limiter: RateLimiter;
  /** Where users reach the app, for the links in e-mails. */
  publicUrl: string;
  appName: string;
  log: Logger;
  clock: Clock;
  /** Session revocations are recorded with the change and relayed to every board replica. */
  outbox: Outbox;
};

type UserRow = typeof users.$inferSelect;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export function createAccounts({ db, mailer, sign, limiter, publicUrl, appName, log, clock, outbox }: AccountsDeps) {
  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const throttles = createThrottles(limiter);

  async function startSession(user: UserRow): Promise<SessionResponse> {
    const [session] = await db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: later(SESSION_TTL_SECONDS * 1000) })
      .returning({ id: sessions.id });
    const token = await sign(
      { id: String(user.id), email: user.email, role: user.role, isAdmin: user.isAdmin, sessionId: session!.id },
      SESSION_TTL_SECONDS,
    );
    return { token, user: toUserDto(user) };
  }

  async function issueVerification(tx: Db, userId: number): Promise<string> {
    const { token, hash } = newLinkToken();
    await tx.insert(verificationTokens).values({ userId, tokenHash: hash, expiresAt: later(VERIFICATION_TTL_MS) });
    return token;
  }

  // The account is already saved when the mail goes out; a failed send is logged and the
  // user can ask for another (resend), so the request itself does not fail.
  async function mailVerification(user: Pick<UserRow, 'email' | 'name'>, token: string) {
    const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer
      .send({
        to: user.email,
        subject: `Verify your e-mail address for ${appName}`,
        text: `Hello ${user.name},\n\nplease confirm your e-mail address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. After that, an administrator approves your account.\n`,
      })
      .catch((err) => log.error({ err, to: user.email }, 'verification mail failed'));
  }

  async function mailDecision(user: UserRow, reason?: string | null) {
    const approved = user.status === 'ACTIVE';
    await mailer
      .send({
        to: user.email,
        subject: approved ? `Your ${appName} account is approved` : `Your ${appName} account request`,
        text: approved
          ? `Hello ${user.name},\n\nan administrator approved your account. You can sign in now:\n\n${publicUrl}/login\n`
          : `Hello ${user.name},\n\nan administrator did not approve your account.${reason ? `\n\nReason: ${reason}` : ''}\n\nIf you believe this is an error, please contact support.\n`,
      })
      .catch((err) => log.error({ err, to: user.email }, 'decision mail failed'));
  }

  /** Another account, for an administrator: checked before the lookup, so others learn nothing. */
  async function administered(caller: AuthUser, id: number): Promise<UserRow> {
    if (!canAdministerAccounts(caller)) throw new Forbidden(messages.adminOnly);
    return findUser(id);
  }

  async function findUser(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new NotFound(messages.userNotFound);
    return row;
  }

  return {
    async register(
      input: { name: string; email: string; password: string },
      clientIp: string,
    ): Promise<SessionResponse> {
      assertPasswordAllowed(input.password, { email: input.email, name: input.name, appName });
      await throttles.registration(input.email, clientIp);
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, token } = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, passwordHash })
            .returning();
          return { user: user!, token: await issueVerification(tx, user!.id) };
        });
        await mailVerification(user, token);
        return await startSession(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.emailTaken);
        throw error;
      }
    },

    async login(input: { email: string; password: string }, clientIp: string): Promise<SessionResponse> {
      const attempt = await throttles.loginAttempt(input.email, clientIp);
      const [user] = await db.select().from(users).where(byEmail(input.email));
      const matches = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnPasswordCheck(input.password).then(() => false);
      if (!user || !matches) {
        await attempt.failed();
        throw new Unauthorized(messages.invalidCredentials);
      }
      await attempt.succeeded();
      if (user.status === 'REJECTED') throw new HttpError(403, messages.accountRejected, { status: user.status });
      if (user.status === 'SUSPENDED') throw new HttpError(403, messages.accountSuspended, { status: user.status });
      return startSession(user);
    },

    async logout(user: AuthUser): Promise<void> {
      if (user.via !== 'session') throw new Forbidden(messages.personalTokenRefused);
      const { sessionId } = user;
      await outbox.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (ended.length) await outbox.recordEvent(tx, { type: 'session.revoked', userId: user.id, sessionId });
      });
    },

    /**
     * Used tokens stay stored (as their hash, with used_at), so a link opened again, even after
     * it expired, is told apart from an unknown one: its account is past verification (every
     * status after PENDING_VERIFICATION is, by the state machine), and a 409 says so (issue 16).
     */
    async verifyEmail(token: string): Promise<{ message: string }> {
      const [found] = await db
        .select({
          id: verificationTokens.id,
          userId: verificationTokens.userId,
          expiresAt: verificationTokens.expiresAt,
          usedAt: verificationTokens.usedAt,
          accountStatus: users.status,
        })
        .from(verificationTokens)
        .innerJoin(users, eq(users.id, verificationTokens.userId))
        .where(eq(verificationTokens.tokenHash, hashSecretToken(token)));
      if (!found) throw new Invalid(messages.verificationInvalid);
      if (found.accountStatus !== 'PENDING_VERIFICATION') throw new Conflict(messages.emailAlreadyVerified);
      if (found.usedAt) throw new Invalid(messages.verificationInvalid);
      if (found.expiresAt.getTime() <= clock.now().getTime()) throw new Invalid(messages.verificationExpired);
      const verified = await db.transaction(async (tx) => {
        // Single use, also when two requests race with the same token: the loser finds it used
        // by the request that verified the account.
        const marked = await tx
          .update(verificationTokens)
          .set({ usedAt: clock.now() })
          .where(and(eq(verificationTokens.id, found.id), isNull(verificationTokens.usedAt)))
          .returning({ id: verificationTokens.id });
        if (marked.length === 0) return false;
        const moved = await tx
          .update(users)
          .set({ status: 'PENDING_APPROVAL', updatedAt: clock.now() })
          .where(and(eq(users.id, found.userId), eq(users.status, 'PENDING_VERIFICATION')))
          .returning({ id: users.id });
        // None moved: another link of the same account verified it meanwhile.
        return moved.length > 0;
      });
      if (!verified) throw new Conflict(messages.emailAlreadyVerified);
      return { message: messages.emailVerified };
    },

    /** The same answer whether or not the address has an account (no account discovery). */
    async resendVerification(email: string, clientIp: string): Promise<{ message: string }> {
      await throttles.resend(clientIp);
      const [user] = await db.select().from(users).where(byEmail(email));
      if (user?.status === 'PENDING_VERIFICATION') await mailVerification(user, await issueVerification(db, user.id));
      return { message: messages.verificationSent };
    },

    async profile(user: AuthUser): Promise<UserDto> {
      return toUserDto(await findUser(Number(user.id)));
    },

    async updateProfile(user: AuthUser, update: ProfileUpdate): Promise<UserDto> {
      const [row] = await db
        .update(users)
        .set({
          ...(update.name !== undefined && { name: update.name }),
          ...(update.bio !== undefined && { bio: update.bio }),
          // Merge one setting into the stored ones; the others keep their values.
          ...(update.profileSettings && {
            profileSettings: sql`${users.profileSettings} || ${JSON.stringify(update.profileSettings)}::jsonb`,
          }),
          updatedAt: clock.now(),
        })
        .where(eq(users.id, Number(user.id)))
        .returning();
      if (!row) throw new NotFound(messages.userNotFound);
      return toUserDto(row);
    },

    /** Move an account along the state machine; approval and rejection are mailed. */
    async changeStatus(
      caller: AuthUser,
      userId: number,
      to: UserRow['status'],
      reason?: string | null,
    ): Promise<UserDto> {
      const current = await administered(caller, userId);
      if (!canMoveAccount(current.status, to))
        throw new Conflict(messages.statusChangeRefused(current.status, to), { user: toUserDto(current) });
      const row = await outbox.transaction(async (tx) => {
        if (current.status === 'ACTIVE') await keepAnActiveAdmin(tx, current.id); // issue 15
        const [row] = await tx
          .update(users)
          .set({ status: to, updatedAt: clock.now() })
          .where(and(eq(users.id, current.id), eq(users.status, current.status)))
          .returning();
        if (row && lockedOutStatuses.includes(to)) {
          await tx
            .update(sessions)
            .set({ revokedAt: clock.now() })
            .where(and(eq(sessions.userId, current.id), isNull(sessions.revokedAt)));
          await outbox.recordEvent(tx, { type: 'account.revoked', userId: String(current.id), reason: to });
        }
        return row;
      });
      // Someone else changed it between our read and write.
      if (!row) throw new Conflict(messages.statusChangeRefused(current.status, to));
      if (current.status === 'PENDING_APPROVAL') await mailDecision(row, reason);
      return toUserDto(row);
    },

    /** A new verification link for an account that still awaits it. */
    async resendFor(caller: AuthUser, userId: number): Promise<{ message: string }> {
      const user = await administered(caller, userId);
      if (user.status !== 'PENDING_VERIFICATION') throw new Conflict(messages.onlyPendingVerification);
      await mailVerification(user, await issueVerification(db, user.id));
      return { message: messages.verificationResent };
    },

    /** Name and bio of any account (the e-mail never changes). */
    async updateUser(caller: AuthUser, userId: number, changes: { name?: string; bio?: string }): Promise<UserDto> {
      const user = await administered(caller, userId);
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      return toUserDto(row!);
    },

    /**
     * The account and its sessions go; what it wrote elsewhere stays, shown as "Unknown User".
     * Not one's own account, nor one that leads projects (the lead is handed over first).
     */
    async deleteUser(caller: AuthUser, userId: number): Promise<void> {
      const user = await administered(caller, userId);
      if (String(user.id) === caller.id) throw new Conflict(messages.cannotDeleteSelf);
      const [leads] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.isLead, true)));
      if (Number(leads?.n ?? 0) > 0) throw new Conflict(messages.userLeadsProjects);
      await outbox.transaction(async (tx) => {
        // Two administrators deleting each other at once must not leave none (issue 15).
        if (user.status === 'ACTIVE') await keepAnActiveAdmin(tx, user.id);
        const gone = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
        if (gone.length)
          await outbox.recordEvent(tx, { type: 'account.revoked', userId: String(user.id), reason: 'DELETED' });
      });
    },

    /** First start with no administrator: create one, with a generated password printed once. */
    async ensureFirstAdmin(configured: { email?: string; password?: string }): Promise<void> {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
      if (existing) return;
      const email = (configured.email ?? 'admin@trackboard.local').toLowerCase();
      const password = configured.password ?? randomBytes(12).toString('base64url');
      // The operator chose it: said loudly, not refused, so a start-up never locks them out.
      try {
        assertPasswordAllowed(password, { email, name: 'Administrator', appName });
      } catch (weak) {
        log.warn({ email, reason: (weak as Error).message }, 'ADMIN_PASSWORD does not meet the password policy');
      }
      const values = {
        name: 'Administrator',
        email,
        passwordHash: await hashPassword(password),
        status: 'ACTIVE' as const,
        role: 'admin',
        isAdmin: true,
      };
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
      if (!row) {
        // The address belongs to a regular account: make that account the administrator.
        await db.update(users).set({ role: 'admin', isAdmin: true, status: 'ACTIVE' }).where(byEmail(email));
        log.warn({ email }, 'existing account promoted to administrator');
      } else if (!configured.password) {
        log.warn(
          `First administrator created: ${email} with password ${password} (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose them)`,
        );
      } else {
        log.info({ email }, 'first administrator created');
      }
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
