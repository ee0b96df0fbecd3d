import { z } from 'zod';
import { Email, Password, SessionResponse } from './auth';
import { USER_NAME_MAX_LENGTH } from './rules';
import { lineText } from './text';

// Invitations to a project: a lead (or an administrator) invites an e-mail address; the mailed
// link is single-use and lives INVITATION_DAYS. Someone new registers through it (verified and
// approved: the link proves the address, the lead vouches for the person); someone with an
// account signs in and joins.

export const INVITATION_DAYS = 7;

/** A mailed link's token: 32 random bytes, base64url. */
export const InvitationToken = lineText({ error: 'is required' }).regex(
  /^[\w-]{43}$/,
  'must be the token of an invitation link',
);
export const InvitationTokenParam = z.object({ token: InvitationToken });

/**
 * GET and PUT /auth/registration-settings (administrators): whether someone who registers through
 * an invitation still waits for an administrator's approval (by default they do not).
 */
export const RegistrationSettings = z.object({ invitedNeedApproval: z.boolean() }).strict();
export type RegistrationSettings = z.infer<typeof RegistrationSettings>;

/** POST /projects/:key/invitations. */
export const InvitationCreate = z.object({ email: Email }).strict();
export type InvitationCreate = z.infer<typeof InvitationCreate>;

/** A pending invitation, as the project's lead sees it (GET /projects/:key/invitations). */
export const InvitationDto = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.object({ id: z.string(), name: z.string() }),
  /** When it was last sent (a resend sends a new link and starts its days again). */
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Past its days: Resend gives it new ones. */
  expired: z.boolean(),
});
export type InvitationDto = z.infer<typeof InvitationDto>;

/** GET /invitations/:token, for anyone holding the link: what it invites to. */
export const InvitationPreview = z.object({
  projectKey: z.string(),
  projectName: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  expiresAt: z.string(),
  /** An account has this e-mail: its owner signs in to accept (else they register through the link). */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** POST /auth/invited-accounts: a new person registers through the link (the e-mail is the invitation's). */
export const InvitedAccountRequest = z
  .object({
    token: InvitationToken,
    name: lineText({ error: 'is required' }).trim().min(1, 'is required').max(USER_NAME_MAX_LENGTH, 'is too long'),
    password: Password,
  })
  .strict();
export type InvitedAccountRequest = z.infer<typeof InvitedAccountRequest>;
export const InvitedAccountResponse = SessionResponse;

/** POST /invitations/:token/accept, signed in as the invited address: the project joined. */
export const InvitationAccepted = z.object({ projectKey: z.string(), projectName: z.string() });
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;
