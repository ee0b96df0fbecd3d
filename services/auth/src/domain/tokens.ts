import { randomBytes } from 'node:crypto';
import { hashSecretToken } from '@trackboard/server-kit';

/** 32 random bytes after an optional prefix, and the only form of it we store (server-kit's hash). */
export function newSecretToken(prefix = ''): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/** A single-use token for a mailed link (verification, password reset). */
export const newLinkToken = () => newSecretToken();
