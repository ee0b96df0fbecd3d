import type { ProfileSettings } from '@trackboard/contracts';

/**
 * The locally stored user record (spec §3): the fields the web app reads, plus whatever
 * else the login response carried.
 */
export interface SessionUser {
  id?: number | string;
  email?: string;
  name?: string;
  status?: string;
  role?: string;
  isAdmin?: boolean;
  profileSettings?: Partial<ProfileSettings>;
  [field: string]: unknown;
}

/** Admin screens need role "admin" or the isAdmin flag (spec §4.1, §6). */
export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin' || user?.isAdmin === true;
}

/** A record without a status counts as active (spec §4.1). */
export function accountStatusOf(user: SessionUser): string {
  return user.status || 'ACTIVE';
}
