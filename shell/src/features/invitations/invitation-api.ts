import {
  messages,
  type InvitationAccepted,
  type InvitationPreview,
  type InvitedAccountRequest,
  type SessionResponse,
} from '@trackboard/contracts';
import { api, ApiError, serverMessage } from '@trackboard/web-kit';

// The calls of the page a mailed invitation link opens: what it invites to (no sign-in needed),
// a new account made through it, and joining the project.

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

export const invitationApi = {
  preview: (token: string) => api.get<InvitationPreview>(`${invitationPath(token)}/preview`),
  /** A new, active account with the invitation's e-mail, signed in by the answer. */
  createAccount: (body: InvitedAccountRequest) => api.post<SessionResponse>('/auth/invited-accounts', body),
  /** Signed in as the invited address. */
  accept: (token: string) => api.post<InvitationAccepted>(`${invitationPath(token)}/accept`),
};

/**
 * A refusal of the link itself, as any call through it can meet one: unknown or withdrawn (404),
 * used or expired (409), or an account made with the invited e-mail meanwhile (409), whose owner
 * signs in to accept.
 */
export type LinkRefusal = { kind: 'dead' | 'account-exists'; message: string };

export function linkRefusal(error: unknown): LinkRefusal | undefined {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) return undefined;
  const message = serverMessage(error) ?? messages.invitationNotFound;
  return { kind: message === messages.invitationAccountExists ? 'account-exists' : 'dead', message };
}
