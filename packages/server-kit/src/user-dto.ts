import type { AccountStatus, ProfileSettings, UserDto } from '@trackboard/contracts';

/** An account's fields as the auth service's table and its published directory both hold them. */
export type AccountFields = {
  id: number;
  name: string;
  email: string;
  bio: string;
  avatarUrl: string | null;
  role: string;
  isAdmin: boolean;
  status: AccountStatus;
  profileSettings: ProfileSettings;
  createdAt: Date;
};

/** The user as every answer shows it: never the password hash. */
export const toUserDto = (row: AccountFields): UserDto => ({
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
