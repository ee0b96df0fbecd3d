import { z } from 'zod';
import { ACCESS_TOKEN_NAME_MAX_LENGTH, accessTokenRevocationReasons } from './access-token-rules';
import { lineText } from './text';

export * from './access-token-rules';

// Personal access tokens: POST/GET /auth/tokens, DELETE /auth/tokens/:id. The token
// itself is in the answer to the create only; the list never shows it (it is stored hashed).

/** POST /auth/tokens. `expiresAt`: an ISO 8601 date-time, in the future (checked by the service against its clock). */
export const AccessTokenCreate = z.object({
  name: lineText({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH, 'is too long'),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
    .nullish()
    .transform((value) => value ?? null),
});
export type AccessTokenCreate = z.infer<typeof AccessTokenCreate>;

/**
 * One token as the list shows it: never the token or its hash. Times are ISO strings; null means
 * never. `revoked` only on a token a new password revoked (listed for a while, so its owner sees
 * which scripts stopped); a token its owner revoked leaves the list at once.
 */
export const AccessTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revoked: z.object({ at: z.string(), reason: z.enum(accessTokenRevocationReasons) }).optional(),
});
export type AccessTokenDto = z.infer<typeof AccessTokenDto>;

/** The answer to the create: the only time the token is shown. */
export const CreatedAccessTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type CreatedAccessTokenDto = z.infer<typeof CreatedAccessTokenDto>;

/** GET /auth/tokens: the caller's live tokens, and those a recent new password revoked, newest first. */
export const AccessTokenList = z.array(AccessTokenDto);
