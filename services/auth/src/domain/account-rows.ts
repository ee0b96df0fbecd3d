import { eq, sql } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { Forbidden, NotFound, type AuthUser, type Db } from '@trackboard/server-kit';
import { users } from '../db/schema';
import { canAdministerAccounts } from './permissions';

export type UserRow = typeof users.$inferSelect;

/** An account by e-mail, whatever its case. */
export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new NotFound(messages.userNotFound);
  return row;
}

/** Another account, for an administrator: checked before the lookup, so others learn nothing. */
export async function administered(db: Db, caller: AuthUser, id: number): Promise<UserRow> {
  if (!canAdministerAccounts(caller)) throw new Forbidden(messages.adminOnly);
  return findUser(db, id);
}
