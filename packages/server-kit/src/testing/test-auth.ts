import { createAuthenticator, type SessionCheck } from '../authenticate';
import { createTokenSigner, createTokenVerifier, generateKeyPair, type AuthUser } from '../tokens';

let counter = 0;

/** Real key pair, real signing and verification: tests mint tokens as the auth service would. */
export async function createTestAuth(isLive?: SessionCheck) {
  const keys = generateKeyPair();
  const sign = await createTokenSigner(keys.privateKeyPem);
  const authenticate = createAuthenticator(await createTokenVerifier(keys.publicKeyPem), isLive);
  return {
    keys,
    authenticate,
    sign,
    async tokenFor(user: Partial<AuthUser> = {}) {
      const id = user.id ?? String(1000 + ++counter);
      return sign({ id, email: `user${id}@example.test`, role: 'user', isAdmin: false, sessionId: `s-${id}`, ...user }, 3600);
    },
  };
}
