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
  [field: string]: unknown;
}

/** Admin screens need role "admin" or the isAdmin flag (spec §4.1, §6). */
export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin' || user?.isAdmin === true;
}
