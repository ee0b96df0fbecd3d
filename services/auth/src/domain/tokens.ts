import { newSecretToken } from '@trackboard/server-kit';

export { newSecretToken };

/** A single-use token for a mailed link (verification, password reset). */
export const newLinkToken = () => newSecretToken();
