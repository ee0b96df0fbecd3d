import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Logger } from '@trackboard/server-kit';
import { users } from '../db/schema';
import { byEmail } from './account-rows';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './passwords';

/** First start with no administrator: create one, with a generated password printed once. */
export async function ensureFirstAdmin(
  db: Db,
  log: Logger,
  appName: string,
  configured: { email?: string; password?: string },
): Promise<void> {
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
}
