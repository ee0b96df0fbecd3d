import type { SessionDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';

/** The caller's live sign-ins (a signed-in session only; a personal access token gets 403). */
export const sessionsApi = {
  list: () => api.get<SessionDto[]>('/auth/sessions'),
  /** Signs that session out everywhere at once, its sockets too. */
  signOut: (id: string) => api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`),
};
