import { eq, sql } from 'drizzle-orm';
import { messages, type RegistrationSettings } from '@trackboard/contracts';
import { Forbidden, type AuthUser, type Db } from '@trackboard/server-kit';
import { registrationSettings } from '../db/schema';
import { canAdministerAccounts } from './permissions';

/** The registration rules an administrator sets (the table's one row). */
export function createRegistrationSettings(db: Db) {
  const theRow = eq(registrationSettings.id, 1);

  /** Read by registration itself: no caller to check. */
  async function current(): Promise<RegistrationSettings> {
    const [row] = await db
      .select({ invitedNeedApproval: registrationSettings.invitedNeedApproval })
      .from(registrationSettings)
      .where(theRow);
    return { invitedNeedApproval: row?.invitedNeedApproval ?? false };
  }

  return {
    current,

    async read(user: AuthUser): Promise<RegistrationSettings> {
      if (!canAdministerAccounts(user)) throw new Forbidden(messages.adminOnly);
      return current();
    },

    async change(user: AuthUser, settings: RegistrationSettings): Promise<RegistrationSettings> {
      if (!canAdministerAccounts(user)) throw new Forbidden(messages.adminOnly);
      const [row] = await db
        .update(registrationSettings)
        .set({ invitedNeedApproval: settings.invitedNeedApproval, updatedAt: sql`now()` })
        .where(theRow)
        .returning({ invitedNeedApproval: registrationSettings.invitedNeedApproval });
      return { invitedNeedApproval: row!.invitedNeedApproval };
    },
  };
}
export type RegistrationSettingsStore = ReturnType<typeof createRegistrationSettings>;
