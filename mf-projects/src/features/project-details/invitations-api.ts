import type { InvitationCreate, InvitationDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import useSWR from 'swr';
import { readOptions } from '../../projects-api';

// A project's invitations, the project service's calls: its lead or an admin invites an e-mail
// address, sees the pending invitations, sends one again or withdraws it.

const projectInvitations = (key: string) => `/projects/${encodeURIComponent(key)}/invitations`;
const invitation = (id: string) => `/invitations/${encodeURIComponent(id)}`;

export const invitationsApi = {
  /** The pending ones, newest first. */
  list: (key: string) => api.get<InvitationDto[]>(projectInvitations(key)),
  /** Inviting an address again replaces its pending invitation. */
  create: (key: string, email: string) =>
    api.post<InvitationDto>(projectInvitations(key), { email } satisfies InvitationCreate),
  /** A new link mailed, with its days started again. */
  resend: (id: string) => api.post<InvitationDto>(`${invitation(id)}/resend`),
  withdraw: (id: string) => api.delete<void>(invitation(id)),
};

export const invitationKeys = { list: (key: string) => ['invitations', key] as const };

/** The project's pending invitations and what the section does with them. */
export function useProjectInvitations(key: string) {
  const { data, error, mutate } = useSWR(invitationKeys.list(key), () => invitationsApi.list(key), readOptions);
  // Asked for again after each change, and after a refused one too: an invitation withdrawn or
  // accepted meanwhile is refused because the list shown is out of date.
  const thenRefresh = async <T>(change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      await mutate();
    }
  };
  return {
    invitations: data,
    error: error as unknown,
    invite: (email: string) => thenRefresh(invitationsApi.create(key, email)),
    resend: (id: string) => thenRefresh(invitationsApi.resend(id)),
    withdraw: (id: string) => thenRefresh(invitationsApi.withdraw(id)),
  };
}
export type InvitationActions = ReturnType<typeof useProjectInvitations>;
