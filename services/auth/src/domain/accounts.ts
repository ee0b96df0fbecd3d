import type { Clock, Db, Logger, Mailer, Outbox, RateLimiter } from '@trackboard/server-kit';
import { createAccountAdministration } from './account-administration';
import { createAccountMail } from './account-mail';
import { createEmailVerification } from './email-verification';
import { ensureFirstAdmin } from './first-admin';
import { createProfiles } from './profiles';
import type { StartSession } from './sessions';
import { createSignIn } from './sign-in';
import { createThrottles } from './throttles';

export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  startSession: StartSession;
  limiter: RateLimiter;
  /** Where users reach the app, for the links in e-mails. */
  publicUrl: string;
  appName: string;
  log: Logger;
  clock: Clock;
  /** Session revocations are recorded with the change and relayed to every board replica. */
  outbox: Outbox;
  /** False with OIDC_ONLY: no password sign-in or registration. */
  passwords: boolean;
};

/** The auth service's accounts: sign-in, e-mail verification, profiles and their administration. */
export function createAccounts({
  db,
  mailer,
  startSession,
  limiter,
  publicUrl,
  appName,
  log,
  clock,
  outbox,
  passwords,
}: AccountsDeps) {
  const throttles = createThrottles(limiter);
  const mail = createAccountMail({ mailer, publicUrl, appName, log });
  const verification = createEmailVerification(db, clock, mail, throttles);
  return {
    ...createSignIn({ db, appName, clock, outbox, throttles, mail, verification, startSession, passwords }),
    verifyEmail: verification.verifyEmail,
    resendVerification: verification.resendVerification,
    resendFor: verification.resendFor,
    ...createProfiles(db, clock),
    ...createAccountAdministration(db, clock, outbox, mail),
    ensureFirstAdmin: (configured: { email?: string; password?: string }) =>
      ensureFirstAdmin(db, log, appName, configured),
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
