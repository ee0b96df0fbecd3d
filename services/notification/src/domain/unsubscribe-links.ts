import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { NOTIFICATION_KINDS, parseId, type NotificationKind } from '@trackboard/contracts';
import type { Clock, Db } from '@trackboard/server-kit';
import { signingKeys } from '../db/schema';

const ALG = 'HS256';
/** The audience pins a token to this one use: no other token of the stack passes for it, nor it for another. */
const AUDIENCE = 'trackboard-notification-unsubscribe';
const KEY_NAME = 'unsubscribe';
/** Long enough for an old e-mail's link to keep working. */
const LIFETIME_SECONDS = 365 * 24 * 3600;

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * One-click unsubscribe links: a JWT (jose, HS256) naming the user and the kind, signed with a
 * random 256-bit key this service makes on first use and keeps in its own table, so every
 * replica signs and checks with the same key. The Ed25519 pair is left alone: only the auth
 * service should hold the private half, and a key of its own keeps these links from being able
 * to stand in for a session token (or the other way round).
 */
export function createUnsubscribeLinks(db: Db, publicUrl: string, clock: Clock) {
  let key: Promise<Uint8Array> | null = null;
  const secret = () =>
    (key ??= (async () => {
      await db
        .insert(signingKeys)
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
      return new Uint8Array(Buffer.from(row!.secret, 'base64url'));
    })().catch((err) => {
      key = null; // the database was away: the next call tries again
      throw err;
    }));

  return {
    /** The absolute link that turns e-mail off for this kind (the bell keeps it). */
    async linkFor(userId: number, kind: NotificationKind): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ kind })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + LIFETIME_SECONDS)
        .sign(await secret());
      return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
    },

    /** Who and what a link is for, or null for a tampered, expired or foreign token. */
    async verify(token: string): Promise<{ userId: number; kind: NotificationKind } | null> {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          algorithms: [ALG],
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        const userId = parseId(payload.sub ?? '');
        const kind = payload.kind as NotificationKind;
        return userId && NOTIFICATION_KINDS.includes(kind) ? { userId, kind } : null;
      } catch {
        return null;
      }
    },
  };
}
export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
