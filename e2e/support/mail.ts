import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The verification token in the newest mail to `email` in `<dataDir>/mail/` (the .eml files). */
export function verificationTokenFromMailFolder(dataDir: string, email: string): string {
  const folder = join(dataDir, 'mail');
  const mails = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => readFileSync(join(folder, f), 'utf8'))
    : [];
  const mail = mails.reverse().find((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  const token = mail && /verify-email\?token=([\w%-]+)/.exec(decodeQuotedPrintable(mail))?.[1];
  if (!token) throw new Error(`no verification mail for ${email} in ${folder}`);
  return decodeURIComponent(token);
}

/** Mail bodies are quoted-printable: soft line breaks ("=\n") and "=XX" escapes ("=3D" is "="). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
