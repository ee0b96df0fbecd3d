import { hash, verify } from '@node-rs/argon2';

// argon2id with m = 19 MiB, t = 2, p = 1: OWASP's recommended floor. Each hash
// verification costs ~9 ms of one core here (~68 logins/s per core with the rest of a login;
// `npm run bench -- login`): cheap enough for users, costly enough for offline guessing.
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** Whether `password` is the account's; never for an account without one (made by single sign-on). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return burnPasswordCheck(password).then(() => false);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so the answer takes as long as for a real
// account and timing does not tell which addresses have accounts.
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoy, password);
}
