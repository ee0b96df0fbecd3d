import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { BaseConfig } from './config';
import type { Logger } from './logger';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** The mailer the configuration describes (SMTP_URL, MAIL_FROM, DATA_DIR's mail folder): every service that mails uses this. */
export const configuredMailer = (config: Pick<BaseConfig, 'SMTP_URL' | 'DATA_DIR' | 'MAIL_FROM'>, log: Logger) =>
  createMailer({ smtpUrl: config.SMTP_URL, mailDir: join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log });

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * `<DATA_DIR>/mail/` and its links are logged, so a newcomer can verify without a mail server.
 */
export function createMailer({
  smtpUrl,
  mailDir,
  from,
  log,
}: {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  log: Logger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(mailDir, { recursive: true });
      const file = join(
        mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, file, links: mail.text.match(/https?:\/\/\S+/g) ?? [] },
        'mail written to the mail folder',
      );
    },
  };
}

/** Keeps what was sent, for tests that read their mail. */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}
