import type { MessageTone } from '@trackboard/web-kit';

/** A message the sign-in screen shows on arrival, optionally with the way to a new verification e-mail. */
export interface LoginNotice {
  text: string;
  /** Spec §2.2: rejected, suspended and failure messages are red ('error'); the others yellow ('notice'). */
  tone: Extract<MessageTone, 'error' | 'notice'>;
  /** The account's e-mail: the notice links to /request-verification with it. */
  verifyEmail?: string;
}

/** What other screens hand to /login in the location state. */
export interface LoginLocationState {
  /** Where the visitor was going when the guard sent them to sign in. */
  from?: string;
  notice?: LoginNotice;
}

/** What /request-verification is handed: the e-mail to send the new link to. */
export interface VerificationLocationState {
  email?: string;
}
