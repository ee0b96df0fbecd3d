import type { Logger, Mailer } from '@trackboard/server-kit';
import type { UserRow } from './account-rows';

export type AccountMailDeps = {
  mailer: Mailer;
  /** Where users reach the app, for the links in e-mails. */
  publicUrl: string;
  appName: string;
  log: Logger;
};

// The account is already saved when a mail goes out; a failed send is logged and the user can
// ask for another (resend), so the request itself does not fail.

/** The e-mails an account's life sends: the verification link, and an administrator's decision. */
export function createAccountMail({ mailer, publicUrl, appName, log }: AccountMailDeps) {
  return {
    async verification(user: Pick<UserRow, 'email' | 'name'>, token: string) {
      const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await mailer
        .send({
          to: user.email,
          subject: `Verify your e-mail address for ${appName}`,
          text: `Hello ${user.name},\n\nplease confirm your e-mail address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. After that, an administrator approves your account.\n`,
        })
        .catch((err) => log.error({ err, to: user.email }, 'verification mail failed'));
    },

    async decision(user: UserRow, reason?: string | null) {
      const approved = user.status === 'ACTIVE';
      await mailer
        .send({
          to: user.email,
          subject: approved ? `Your ${appName} account is approved` : `Your ${appName} account request`,
          text: approved
            ? `Hello ${user.name},\n\nan administrator approved your account. You can sign in now:\n\n${publicUrl}/login\n`
            : `Hello ${user.name},\n\nan administrator did not approve your account.${reason ? `\n\nReason: ${reason}` : ''}\n\nIf you believe this is an error, please contact support.\n`,
        })
        .catch((err) => log.error({ err, to: user.email }, 'decision mail failed'));
    },
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
