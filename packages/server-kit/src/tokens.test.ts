import { createTokenSigner, createTokenVerifier, generateKeyPair } from './tokens';

const alice = { id: '7', email: 'alice@example.test', role: 'user', isAdmin: false, sessionId: 'sess-1' };

describe('access tokens', () => {
  it('round-trips the user through sign and verify', async () => {
    const keys = generateKeyPair();
    const token = await (await createTokenSigner(keys.privateKeyPem))(alice, 60);
    expect(await (await createTokenVerifier(keys.publicKeyPem))(token)).toEqual(alice);
  });

  it('refuses a token signed by another key', async () => {
    const token = await (await createTokenSigner(generateKeyPair().privateKeyPem))(alice, 60);
    expect(await (await createTokenVerifier(generateKeyPair().publicKeyPem))(token)).toBeNull();
  });

  it('refuses an expired token and garbage', async () => {
    const keys = generateKeyPair();
    const verify = await createTokenVerifier(keys.publicKeyPem);
    const expired = await (await createTokenSigner(keys.privateKeyPem))(alice, -10);
    expect(await verify(expired)).toBeNull();
    expect(await verify('not.a.token')).toBeNull();
  });

  it('refuses an unsigned (alg none) token', async () => {
    const keys = generateKeyPair();
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const forged = `${enc({ alg: 'none' })}.${enc({ sub: '1', sid: 'x', iss: 'trackboard-auth', isAdmin: true })}.`;
    expect(await (await createTokenVerifier(keys.publicKeyPem))(forged)).toBeNull();
  });

  it('remembers a verified token only until it expires, and never a refused one', async () => {
    const keys = generateKeyPair();
    let clock = Date.now();
    const verify = await createTokenVerifier(keys.publicKeyPem, () => clock);
    const token = await (await createTokenSigner(keys.privateKeyPem))(alice, 60);
    expect(await verify(token)).toEqual(alice);
    expect(await verify(token)).toEqual(alice); // from memory
    clock += 61_000;
    expect(await verify(token)).toBeNull();
    const [head, body] = token.split('.');
    expect(await verify(`${head}.${body}.${'A'.repeat(86)}`)).toBeNull(); // same claims, forged signature
  });
});
