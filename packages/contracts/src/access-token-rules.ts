// Personal access tokens (issue 17): the zod-free part the browser needs, kept apart from the
// schemas in access-tokens.ts as notification-rules.ts is (a browser bundle importing a constant
// from a module that builds zod schemas would carry zod with it). access-tokens.ts re-exports it.

/** Every personal access token starts with this, so the authenticator (and a secret scanner) tells it from a JWT. */
export const ACCESS_TOKEN_PREFIX = 'tb_pat_';
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
/** Live (unrevoked, unexpired) tokens one account may hold at once. */
export const ACCESS_TOKENS_PER_USER = 50;
