import type { InvitationPreview } from '@trackboard/contracts';
import type { SessionUser } from '@trackboard/web-kit';

/** What the invitation page offers its visitor. */
export type InvitationView =
  /** Signed in as the invited address: join. */
  | 'join'
  /** Signed in as someone else: the invitation is not theirs to accept. */
  | 'other-account'
  /** Signed out, and the invited address has an account: sign in with it. */
  | 'sign-in'
  /** Signed out, and no account has the address: make one through the link. */
  | 'register';

/** Addresses compare as the server compares them: case aside. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function invitationView(preview: InvitationPreview, user: SessionUser | null): InvitationView {
  if (user) return sameEmail(user.email ?? '', preview.email) ? 'join' : 'other-account';
  return preview.accountExists ? 'sign-in' : 'register';
}
