import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { messages, type SessionDto, type SessionResponse } from '@trackboard/contracts';
import {
  HttpError,
  NotFound,
  toUserDto,
  type AuthUser,
  type Clock,
  type Db,
  type Outbox,
  type TokenSigner,
} from '@trackboard/server-kit';
import { sessions } from '../db/schema';
import type { UserRow } from './account-rows';

const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** Longer User-Agents are cut: the list shows a browser and a system, never a novel. */
const USER_AGENT_MAX_LENGTH = 500;

/** Where a sign-in came from, as the request showed it: kept with the session for its owner's list. */
export type SessionOrigin = { userAgent: string; ipAddress: string };

/** A rejected or suspended account signs in by no route: a password or single sign-on. */
export function assertMaySignIn(user: UserRow): void {
  if (user.status === 'REJECTED') throw new HttpError(403, messages.accountRejected, { status: user.status });
  if (user.status === 'SUSPENDED') throw new HttpError(403, messages.accountSuspended, { status: user.status });
}

/** Each start of a session is a stored row (so it can be listed and revoked) and a signed token naming it. */
export function createSessionStarter(db: Db, sign: TokenSigner, clock: Clock) {
  return async function startSession(
    user: UserRow,
    origin: SessionOrigin,
    method: SessionDto['method'],
  ): Promise<SessionResponse> {
    const [session] = await db
      .insert(sessions)
      .values({
        userId: user.id,
        expiresAt: new Date(clock.now().getTime() + SESSION_TTL_SECONDS * 1000),
        userAgent: origin.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        ipAddress: origin.ipAddress,
        method,
      })
      .returning({ id: sessions.id });
    const token = await sign(
      { id: String(user.id), email: user.email, role: user.role, isAdmin: user.isAdmin, sessionId: session!.id },
      SESSION_TTL_SECONDS,
    );
    return { token, user: toUserDto(user) };
  };
}
export type StartSession = ReturnType<typeof createSessionStarter>;

/**
 * The caller's live sessions, and signing one of them out (its sockets too, on every replica).
 * The routes take signed-in sessions only (never a personal access token).
 */
export function createSessionList(db: Db, clock: Clock, outbox: Outbox) {
  const live = (user: AuthUser) =>
    and(eq(sessions.userId, Number(user.id)), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now()));
  return {
    async list(user: AuthUser): Promise<SessionDto[]> {
      const current = user.via === 'session' ? user.sessionId : null;
      const rows = await db.select().from(sessions).where(live(user)).orderBy(desc(sessions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        current: row.id === current,
        method: row.method,
      }));
    },

    async signOut(user: AuthUser, sessionId: string): Promise<void> {
      const ended = await outbox.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, sessionId), live(user)))
          .returning({ id: sessions.id });
        if (rows.length) await outbox.recordEvent(tx, { type: 'session.revoked', userId: String(user.id), sessionId });
        return rows.length > 0;
      });
      if (!ended) throw new NotFound(messages.sessionNotFound);
    },
  };
}
export type SessionList = ReturnType<typeof createSessionList>;
