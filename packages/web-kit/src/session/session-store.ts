import { create } from 'zustand';
import { withTextId, type SessionUser } from './session-user';
import { storageKeys } from './storage-keys';

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

export interface SessionState extends StoredSession {
  /**
   * False while a session restored from storage waits for the startup profile check
   *; the route guard shows a spinner meanwhile. True when signed out.
   */
  checked: boolean;
  /** Login or register: keep the token and user, in memory and in localStorage. */
  signIn: (token: string, user: SessionUser) => void;
  /** A fresher copy of the signed-in user (profile fetch or update), merged in and stored. */
  updateUser: (fields: SessionUser) => void;
  /** Logout: forget both. Throws when storage refuses to forget them (the memory copy is gone anyway). */
  signOut: () => void;
  /** Start over from what localStorage holds (app start). */
  restore: () => void;
}

const signedOut: StoredSession = { token: null, user: null };

/**
 * What localStorage holds. Only a token together with a readable user record counts as a
 * session; a corrupt user record clears both.
 */
export function readStoredSession(storage: Storage = window.localStorage): StoredSession {
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(storageKeys.token);
    rawUser = storage.getItem(storageKeys.user);
  } catch (error) {
    console.warn('Authentication check failed', error);
    return signedOut;
  }
  if (!token || !rawUser) return signedOut;
  try {
    const user: unknown = JSON.parse(rawUser);
    if (user && typeof user === 'object' && !Array.isArray(user))
      return { token, user: withTextId(user as SessionUser) };
  } catch {
    // fall through: corrupt record
  }
  console.warn('Invalid stored user data');
  try {
    storage.removeItem(storageKeys.token);
    storage.removeItem(storageKeys.user);
  } catch {
    // Nothing more to do: the session counts as signed out either way.
  }
  return signedOut;
}

function restored(): StoredSession & { checked: boolean } {
  // Without a DOM (a test of plain data that reaches web-kit, as issue-names does) nothing is stored.
  const session = typeof window === 'undefined' ? signedOut : readStoredSession();
  return { ...session, checked: !(session.token && session.user) };
}

/** The one session store: shell and remotes share it because web-kit is a shared singleton. */
export const useSession = create<SessionState>()((set, get) => ({
  ...restored(),
  signIn: (token, signedIn) => {
    const user = withTextId(signedIn);
    window.localStorage.setItem(storageKeys.token, token);
    window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
    set({ token, user, checked: true });
  },
  updateUser: (fields) => {
    const { user } = get();
    if (!user) return;
    const merged = withTextId({ ...user, ...fields });
    set({ user: merged });
    try {
      window.localStorage.setItem(storageKeys.user, JSON.stringify(merged));
    } catch (error) {
      console.warn('Could not store the updated user', error);
    }
  },
  signOut: () => {
    set({ ...signedOut, checked: true });
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.user);
  },
  restore: () => set(restored()),
}));
