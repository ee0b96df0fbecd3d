// Personal access tokens: the zod-free part the browser needs, kept apart from the
// schemas in access-tokens.ts as notification-rules.ts is (a browser bundle importing a constant
// from a module that builds zod schemas would carry zod with it). access-tokens.ts re-exports it.

/** Every personal access token starts with this, so the authenticator (and a secret scanner) tells it from a JWT. */
export const ACCESS_TOKEN_PREFIX = 'tb_pat_';
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
/** Live (unrevoked, unexpired) tokens one account may hold at once. */
export const ACCESS_TOKENS_PER_USER = 50;

/**
 * Why a token was revoked for its owner rather than by them: a new password revokes every token
 * of the account (a password reset always, a change unless the owner keeps them).
 */
export const accessTokenRevocationReasons = ['PASSWORD_RESET', 'PASSWORD_CHANGE'] as const;
export type AccessTokenRevocationReason = (typeof accessTokenRevocationReasons)[number];
/** How long the list still shows the tokens a new password revoked, so the owner learns which ones stopped. */
export const REVOKED_ACCESS_TOKENS_SHOWN_DAYS = 30;
