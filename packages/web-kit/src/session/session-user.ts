import type { ProfileSettings } from '@trackboard/contracts';

/**
 * The locally stored user record: the fields the web app reads, plus whatever
 * else the login response carried.
 */
export interface SessionUser {
  /** Text, or absent: `withTextId` makes it so on the way into the session store. */
  id?: string;
  email?: string;
  name?: string;
  status?: string;
  role?: string;
  isAdmin?: boolean;
  profileSettings?: Partial<ProfileSettings>;
  [field: string]: unknown;
}

/**
 * The record with its id as text, or without one when it is empty. Ids are text,
 * but a record stored by an older version, or a server that sends numbers, may hold a number.
 */
export function withTextId(user: SessionUser): SessionUser {
  const raw: unknown = user.id;
  const id = (typeof raw === 'string' && raw !== '') || typeof raw === 'number' ? String(raw) : undefined;
  if (id === raw) return user;
  const { id: _dropped, ...rest } = user;
  return id === undefined ? rest : { ...rest, id };
}

/** A record without a status counts as active. */
export function accountStatusOf(user: SessionUser): string {
  return user.status || 'ACTIVE';
}
