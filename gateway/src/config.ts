import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfig, listOf } from '@trackboard/server-kit';
import type { AppConfig, RemoteName } from '@trackboard/contracts';
import { parseTrustProxy, trustNoProxy, type ProxyTrust } from './client-address';

const urlList = z
  .string()
  .transform(listOf)
  .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1));

export const gatewayConfig = baseConfig.extend({
  /** Repository root: shell/dist and each remote's dist are served from here. */
  WEB_ROOT: z.string().default(resolve(__dirname, '../..')),
  REMOTE_MF_PROJECTS_URL: z.string().min(1).optional(),
  REMOTE_MF_BOARDS_URL: z.string().min(1).optional(),
  REMOTE_MF_ADMIN_URL: z.string().min(1).optional(),
  /** Where published remote versions live: `<folder>/<version>/`. Default: DATA_DIR/remotes. */
  RELEASES_DIR: z.string().min(1).optional(),
  /** Which proxies in front of the gateway may name the client in X-Forwarded-For: none unless set. */
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): ProxyTrust => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .default(() => trustNoProxy),
});
export type GatewayConfig = z.infer<typeof gatewayConfig>;

/** Split mode: where each service listens; a comma-separated list means replicas. */
export const splitGatewayConfig = gatewayConfig.extend({
  /** The release table and the sessions of those who change it. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  AUTH_SERVICE_URL: urlList,
  PROJECT_SERVICE_URL: urlList,
  BOARD_SERVICE_URL: urlList,
  ADMIN_SERVICE_URL: urlList,
  NOTIFICATION_SERVICE_URL: urlList,
});

export const remoteUrls = (config: GatewayConfig): Partial<Record<RemoteName, string>> => ({
  mf_projects: config.REMOTE_MF_PROJECTS_URL,
  mf_boards: config.REMOTE_MF_BOARDS_URL,
  mf_admin: config.REMOTE_MF_ADMIN_URL,
});

export const appConfig = (config: GatewayConfig): AppConfig => ({
  name: config.APP_NAME,
  provider: config.APP_PROVIDER,
  // Pending users write to whoever approves them: the first administrator unless told otherwise.
  supportEmail: config.SUPPORT_EMAIL ?? config.ADMIN_EMAIL ?? 'admin@trackboard.local',
});
