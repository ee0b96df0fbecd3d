import { z } from 'zod';
import { listOf } from '@trackboard/server-kit';

/**
 * Single sign-on through one OpenID Connect provider (Keycloak, Authentik, Google, …): on when
 * OIDC_ISSUER is set, with the client the provider registered for us.
 */
export const ssoConfig = z
  .object({
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().min(1).default('openid email profile'),
    /** The provider's name on the sign-in button: "Sign in with <name>". */
    OIDC_NAME: z.string().min(1).max(40).default('SSO'),
    /** Members of this group (the `groups` claim) are administrators here. */
    OIDC_ADMIN_GROUP: z.string().min(1).optional(),
    /** Comma-separated e-mail domains whose people may sign in; empty: any the provider vouches for. */
    OIDC_ALLOWED_DOMAINS: z.string().default(''),
    /** Passwords off: no password sign-in, registration or reset; everyone comes through the provider. */
    OIDC_ONLY: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((c, ctx) => {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const)
      if (c.OIDC_ISSUER && !c[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with OIDC_ISSUER' });
    if (c.OIDC_ONLY && !c.OIDC_ISSUER)
      ctx.addIssue({ code: 'custom', path: ['OIDC_ONLY'], message: 'needs OIDC_ISSUER (nobody could sign in)' });
  });
export type SsoConfig = z.infer<typeof ssoConfig>;

export type SsoSettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
  name: string;
  adminGroup: string | null;
  /** Lower case; empty: every domain. */
  allowedDomains: string[];
  /** OIDC_ONLY. */
  only: boolean;
};

/** The settings from the environment's variables; null when single sign-on is off. */
export function ssoSettings(config: SsoConfig): SsoSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: new URL(config.OIDC_ISSUER),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    name: config.OIDC_NAME,
    adminGroup: config.OIDC_ADMIN_GROUP ?? null,
    allowedDomains: listOf(config.OIDC_ALLOWED_DOMAINS).map((d) => d.toLowerCase()),
    only: config.OIDC_ONLY,
  };
}
