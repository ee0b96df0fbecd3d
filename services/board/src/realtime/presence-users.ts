import { eq } from 'drizzle-orm';
import { parseId } from '@trackboard/contracts';
import { userDirectory, type Db } from '@trackboard/server-kit';
import type { DescribeUser } from './presence';

/** The name and picture of an active account, as the auth service publishes them; null for anyone else. */
export function createPresenceUsers(db: Db): DescribeUser {
  return async (userId) => {
    const id = parseId(userId);
    if (!id) return null;
    const [row] = await db
      .select({ name: userDirectory.name, avatarUrl: userDirectory.avatarUrl, status: userDirectory.status })
      .from(userDirectory)
      .where(eq(userDirectory.id, id));
    return row?.status === 'ACTIVE' ? { id: userId, name: row.name, avatarUrl: row.avatarUrl } : null;
  };
}
