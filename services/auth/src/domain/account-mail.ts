import type { Logger, Mailer } from '@trackboard/server-kit';
import type { UserRow } from './account-rows';
import { mailText, recipientLanguage, type MailRecipient } from './mail-text';

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
    /** `acceptLanguage`: the request's, when someone asked for the link (used if the profile names no language). */
    async verification(user: MailRecipient, token: string, acceptLanguage?: string) {
      const language = recipientLanguage(user, acceptLanguage);
      const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await mailer
        .send({
          to: user.email,
          subject: mailText(language, 'verificationSubject', { appName }),
          text: mailText(language, 'verificationText', { name: user.name, link }),
        })
        .catch((err) => log.error({ err, to: user.email }, 'verification mail failed'));
    },

    async decision(user: UserRow, reason?: string | null) {
      const language = recipientLanguage(user);
      const approved = user.status === 'ACTIVE';
      await mailer
        .send({
          to: user.email,
          subject: mailText(language, approved ? 'approvedSubject' : 'rejectedSubject', { appName }),
          text: approved
            ? mailText(language, 'approvedText', { name: user.name, link: `${publicUrl}/login` })
            : reason
              ? mailText(language, 'rejectedWithReasonText', { name: user.name, reason })
              : mailText(language, 'rejectedText', { name: user.name }),
        })
        .catch((err) => log.error({ err, to: user.email }, 'decision mail failed'));
    },
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
