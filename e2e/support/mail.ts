import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first group of `link` in the newest mail to `email` in `<dataDir>/mail/` (the .eml files),
 * URI-decoded; undefined when no such mail is there yet.
 */
export function linkFromMailFolder(dataDir: string, email: string, link: RegExp): string | undefined {
  const folder = join(dataDir, 'mail');
  // Newest first (the names start with the time), read one by one: a shared app's folder holds
  // every journey's mail, and the one wanted is usually among the last.
  const names = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()
    : [];
  const to = `to: ${email.toLowerCase()}`;
  for (const name of names) {
    const text = decodeQuotedPrintable(readFileSync(join(folder, name), 'utf8'));
    const found = text.toLowerCase().includes(to) ? link.exec(text)?.[1] : undefined;
    if (found) return decodeURIComponent(found);
  }
  return undefined;
}

/** The verification token in the newest verification mail to `email`. */
export function verificationTokenFromMailFolder(dataDir: string, email: string): string {
  const token = linkFromMailFolder(dataDir, email, /verify-email\?token=([\w%-]+)/);
  if (!token) throw new Error(`no verification mail for ${email} in ${join(dataDir, 'mail')}`);
  return token;
}

/** Mail bodies are quoted-printable: soft line breaks ("=\n") and "=XX" escapes ("=3D" is "="). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
