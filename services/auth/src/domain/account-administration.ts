import { and, count, eq, isNull } from 'drizzle-orm';
import { canMoveAccount, lockedOutStatuses, messages, type UserDto } from '@trackboard/contracts';
import {
  Conflict,
  memberships,
  toUserDto,
  type AuthUser,
  type Clock,
  type Db,
  type Outbox,
} from '@trackboard/server-kit';
import { sessions, users } from '../db/schema';
import type { AccountMail } from './account-mail';
import { administered, type UserRow } from './account-rows';
import { keepAnActiveAdmin } from './account-roles';

/**
 * What an administrator does to another account: move it along the state machine, edit it,
 * delete it. An account locked out or deleted is revoked through the outbox, so every replica
 * disconnects it once committed.
 */
export function createAccountAdministration(db: Db, clock: Clock, outbox: Outbox, mail: AccountMail) {
  return {
    /** Move an account along the state machine; approval and rejection are mailed. */
    async changeStatus(
      caller: AuthUser,
      userId: number,
      to: UserRow['status'],
      reason?: string | null,
    ): Promise<UserDto> {
      const current = await administered(db, caller, userId);
      if (!canMoveAccount(current.status, to))
        throw new Conflict(messages.statusChangeRefused(current.status, to), { user: toUserDto(current) });
      const row = await outbox.transaction(async (tx) => {
        // Suspending the last active administrator would leave nobody to administer.
        if (current.status === 'ACTIVE') await keepAnActiveAdmin(tx, current.id);
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
      if (current.status === 'PENDING_APPROVAL') await mail.decision(row, reason);
      return toUserDto(row);
    },

    /** Name and bio of any account (the e-mail never changes). */
    async updateUser(caller: AuthUser, userId: number, changes: { name?: string; bio?: string }): Promise<UserDto> {
      const user = await administered(db, caller, userId);
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
      const user = await administered(db, caller, userId);
      if (String(user.id) === caller.id) throw new Conflict(messages.cannotDeleteSelf);
      const [leads] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.isLead, true)));
      if (Number(leads?.n ?? 0) > 0) throw new Conflict(messages.userLeadsProjects);
      await outbox.transaction(async (tx) => {
        // Two administrators deleting each other at once must not leave none.
        if (user.status === 'ACTIVE') await keepAnActiveAdmin(tx, user.id);
        const gone = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
        if (gone.length)
          await outbox.recordEvent(tx, { type: 'account.revoked', userId: String(user.id), reason: 'DELETED' });
      });
    },
  };
}
