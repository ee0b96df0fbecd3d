import { defaultProfileSettings, type AccountStatus, type ProfileSettings, type UserDto } from '@trackboard/contracts';

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
  /** As stored: a row written before a setting existed lacks it. */
  profileSettings: Partial<ProfileSettings>;
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
  // Rows stored before a setting existed hold no value for it: the default stands in.
  profileSettings: { ...defaultProfileSettings, ...row.profileSettings },
});
