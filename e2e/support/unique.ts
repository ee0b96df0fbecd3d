import { randomBytes } from 'node:crypto';

// Names no other test uses: journeys that share an app make their own accounts and projects, and
// must not meet another test's (or an earlier run's) under the same e-mail address or key.

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `length` random letters and digits, upper case. */
export function uniqueTag(length = 6): string {
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('');
}

/** A project key (1–10 of A-Z and 0-9) that starts with `prefix`. */
export function uniqueKey(prefix: string): string {
  const stem = prefix.toUpperCase().slice(0, 5);
  return `${stem}${uniqueTag(10 - stem.length)}`;
}

/**
 * An address of its own for a person called `name`: its domain is new too, since the app limits
 * registrations per mail domain (50 an hour) as well as per client address.
 */
export function uniqueEmail(name: string): string {
  const local = name
    .toLowerCase()
    .replace(/\W+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local}@${uniqueTag(8).toLowerCase()}.example.test`;
}

/** A client address of its own (in 10.0.0.0/8), for X-Forwarded-For. */
export function uniqueClientAddress(): string {
  return `10.${Array.from(randomBytes(3)).join('.')}`;
}
