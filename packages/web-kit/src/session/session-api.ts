import type { UserDto } from '@trackboard/contracts';
import { api, ApiError } from '../api/api-client';
import { useSession } from './session-store';

let confirming: Promise<void> | undefined;

/**
 * App start: a session restored from storage is confirmed once with
 * GET /auth/profile, whose answer replaces the stored user (its status may have moved on,
 * e.g. approved since the last visit). A 401 ends the session through the API client's rule;
 * any other failure keeps the stored session. Either way the check is then done.
 */
export function confirmStoredSession(): Promise<void> {
  const { token, user, checked } = useSession.getState();
  if (checked) return Promise.resolve();
  if (!token || !user) {
    useSession.setState({ checked: true });
    return Promise.resolve();
  }
  confirming ??= api
    .get<UserDto>('/auth/profile')
    .then(
      (profile) => {
        // A sign-in while this was under way is newer than this answer.
        if (useSession.getState().token === token) useSession.getState().updateUser(profile);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) console.warn('Session check failed', error);
      },
    )
    .finally(() => {
      confirming = undefined;
      useSession.setState({ checked: true });
    });
  return confirming;
}

/**
 * The server closed the realtime connection itself (a suspension or a deletion
 * revokes the account's sessions and sockets). Asking who we are lets a revoked session meet
 * the API client's 401 rule, which signs out and sends the page to sign in; a session still
 * live (the server dropped sockets for another reason) only refreshes the stored user.
 */
export async function recheckSession(): Promise<void> {
  const { token } = useSession.getState();
  if (!token) return;
  try {
    const profile = await api.get<UserDto>('/auth/profile');
    if (useSession.getState().token === token) useSession.getState().updateUser(profile);
  } catch {
    // A 401 has already signed out and left; anything else changes nothing.
  }
}

let loggingOut: Promise<void> | undefined;

/**
 * Logout: POST /auth/logout revokes the token on the server, then the stored token and user
 * are removed. The server call may fail (offline, token already gone); the local session goes
 * anyway. Rejects only when storage could not be cleared (spec §8.1 "Logout failed...").
 */
export function logout(): Promise<void> {
  loggingOut ??= (async () => {
    if (useSession.getState().token) {
      try {
        await api.post('/auth/logout');
      } catch {
        // See above: the local session ends regardless.
      }
    }
    useSession.getState().signOut();
  })().finally(() => {
    loggingOut = undefined;
  });
  return loggingOut;
}
