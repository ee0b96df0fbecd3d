import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, decodeJwt, importPKCS8, importSPKI, jwtVerify, errors as joseErrors } from 'jose';
import type { AccountStatus } from '@trackboard/contracts';

// Blueprint §9: tokens are signed only by the auth service with an asymmetric key and
// verified everywhere else with the public key; the algorithm is pinned.
const ALG = 'EdDSA';
const ISSUER = 'trackboard-auth';

/** What a token says: who it was issued to, and for which session. */
export type TokenClaims = {
  id: string;
  email: string;
  role: string;
  isAdmin: boolean;
  /** The session the token belongs to; revoked sessions are refused. */
  sessionId: string;
};

/** Who is asking, as every service sees it: the claims plus the account's live status and role. */
export type AuthUser = TokenClaims & { status: AccountStatus };

export type KeyMaterial = { privateKeyPem?: string; publicKeyPem: string };

/** Embedded mode: an Ed25519 pair generated once into the data folder. */
export function ensureKeyFiles(dataDir: string): Required<KeyMaterial> {
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const pair = generateKeyPair();
    writeFileSync(privatePath, pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKeyPem);
  }
  return { privateKeyPem: readFileSync(privatePath, 'utf8'), publicKeyPem: readFileSync(publicPath, 'utf8') };
}

export function generateKeyPair(): Required<KeyMaterial> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** PEM text from configuration; `\n` escapes allowed so a key fits in one env line. */
export const pemFromEnv = (value: string) => value.replace(/\\n/g, '\n');

export type TokenSigner = (user: TokenClaims, ttlSeconds: number) => Promise<string>;

export async function createTokenSigner(privateKeyPem: string): Promise<TokenSigner> {
  const key = await importPKCS8(privateKeyPem, ALG);
  return (user, ttlSeconds) =>
    new SignJWT({ email: user.email, role: user.role, isAdmin: user.isAdmin, sid: user.sessionId })
      .setProtectedHeader({ alg: ALG })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(key);
}

export type TokenVerifier = (token: string) => Promise<TokenClaims | null>;

export async function createTokenVerifier(publicKeyPem: string): Promise<TokenVerifier> {
  const key = await importSPKI(publicKeyPem, ALG);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
      if (!payload.sub || typeof payload.sid !== 'string') return null;
      return {
        id: payload.sub,
        email: String(payload.email ?? ''),
        role: String(payload.role ?? 'user'),
        isAdmin: payload.isAdmin === true,
        sessionId: payload.sid,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };
}

/** When a token that was already verified expires (seconds since the epoch): open sockets end then. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}
