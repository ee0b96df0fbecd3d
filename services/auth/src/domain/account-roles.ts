import { and, asc, eq, or } from 'drizzle-orm';
import { messages, type AccountRole, type UserDto } from '@trackboard/contracts';
import { Conflict, Forbidden, NotFound, toUserDto, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { users } from '../db/schema';
import { canAdministerAccounts } from './permissions';

/**
 * There is always an active administrator. A change that takes administration away
 * from `leaving` (a demotion, a suspension) runs this first, in its own transaction: it locks
 * every active administrator's row, so two administrators demoting or suspending each other at
 * the same moment are serialised, and the second sees the first's change (READ COMMITTED
 * re-reads a locked row once it is free) and is refused.
 */
export async function keepAnActiveAdmin(tx: Db, leaving: number): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), or(eq(users.isAdmin, true), eq(users.role, 'admin'))))
    .orderBy(asc(users.id)) // one lock order for every caller: no deadlock between them
    .for('update');
  if (admins.some((a) => a.id === leaving) && !admins.some((a) => a.id !== leaving))
    throw new Conflict(messages.lastActiveAdmin);
}

/**
 * An account's role, for administrators, called by the admin service, which keeps the
 * moderation log. `role` and `isAdmin` move together: the admin rights read either (contracts'
 * isAdmin). Every service reads the role through `auth.live_sessions`, so it applies on the next
 * request, without a new login.
 */
export function createAccountRoles({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async changeRole(caller: AuthUser, userId: number, role: AccountRole): Promise<UserDto> {
      if (!canAdministerAccounts(caller)) throw new Forbidden(messages.adminOnly);
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!current) throw new NotFound(messages.userNotFound);
        if (role !== 'admin') await keepAnActiveAdmin(tx, current.id);
        const [row] = await tx
          .update(users)
          .set({ role, isAdmin: role === 'admin', updatedAt: clock.now() })
          .where(eq(users.id, current.id))
          .returning();
        return toUserDto(row!);
      });
    },
  };
}
export type AccountRoles = ReturnType<typeof createAccountRoles>;
