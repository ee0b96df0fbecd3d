import { messages, type SessionResponse } from '@trackboard/contracts';
import { HttpError, toUserDto, type Clock, type Db, type TokenSigner } from '@trackboard/server-kit';
import { sessions } from '../db/schema';
import type { UserRow } from './account-rows';

const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** A rejected or suspended account signs in by no route: a password or single sign-on. */
export function assertMaySignIn(user: UserRow): void {
  if (user.status === 'REJECTED') throw new HttpError(403, messages.accountRejected, { status: user.status });
  if (user.status === 'SUSPENDED') throw new HttpError(403, messages.accountSuspended, { status: user.status });
}

/** Each start of a session is a stored row (so it can be revoked) and a signed token naming it. */
export function createSessionStarter(db: Db, sign: TokenSigner, clock: Clock) {
  return async function startSession(user: UserRow): Promise<SessionResponse> {
    const [session] = await db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(clock.now().getTime() + SESSION_TTL_SECONDS * 1000) })
      .returning({ id: sessions.id });
    const token = await sign(
      { id: String(user.id), email: user.email, role: user.role, isAdmin: user.isAdmin, sessionId: session!.id },
      SESSION_TTL_SECONDS,
    );
    return { token, user: toUserDto(user) };
  };
}
export type StartSession = ReturnType<typeof createSessionStarter>;
