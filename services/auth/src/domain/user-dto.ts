import type { UserDto } from '@trackboard/contracts';
import type { users } from '../db/schema';

export const toUserDto = (row: typeof users.$inferSelect): UserDto => ({
  id: String(row.id),
  name: row.name,
  email: row.email,
  bio: row.bio,
  avatarUrl: row.avatarUrl,
  role: row.role,
  isAdmin: row.isAdmin,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  profileSettings: row.profileSettings,
});
