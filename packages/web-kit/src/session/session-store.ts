import { create } from 'zustand';
import type { SessionUser } from './session-user';
import { storageKeys } from './storage-keys';

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

export interface SessionState extends StoredSession {
  /** Login or register: keep the token and user, in memory and in localStorage. */
  signIn: (token: string, user: SessionUser) => void;
  /** Logout: forget both. */
  signOut: () => void;
}

const signedOut: StoredSession = { token: null, user: null };

/**
 * What localStorage holds. Only a token together with a readable user record counts as a
 * session; a corrupt user record clears both (spec §4.1).
 */
export function readStoredSession(storage: Storage = window.localStorage): StoredSession {
  const token = storage.getItem(storageKeys.token);
  const rawUser = storage.getItem(storageKeys.user);
  if (!token || !rawUser) return signedOut;
  try {
    const user: unknown = JSON.parse(rawUser);
    if (user && typeof user === 'object' && !Array.isArray(user)) return { token, user: user as SessionUser };
  } catch {
    // fall through: corrupt record
  }
  storage.removeItem(storageKeys.token);
  storage.removeItem(storageKeys.user);
  return signedOut;
}

/** The one session store: shell and remotes share it because web-kit is a shared singleton. */
export const useSession = create<SessionState>()((set) => ({
  ...readStoredSession(),
  signIn: (token, user) => {
    window.localStorage.setItem(storageKeys.token, token);
    window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
    set({ token, user });
  },
  signOut: () => {
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.user);
    set(signedOut);
  },
}));
