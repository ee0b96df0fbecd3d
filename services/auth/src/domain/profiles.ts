import { eq, sql } from 'drizzle-orm';
import { messages, type ProfileUpdate, type UserDto } from '@trackboard/contracts';
import { NotFound, toUserDto, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { users } from '../db/schema';
import { findUser } from './account-rows';

/** A signed-in user's own profile. */
export function createProfiles(db: Db, clock: Clock) {
  return {
    async profile(user: AuthUser): Promise<UserDto> {
      return toUserDto(await findUser(db, Number(user.id)));
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
  };
}
