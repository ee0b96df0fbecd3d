import { join } from 'node:path';
import {
  createMemoryRateLimiter,
  type Authenticator,
  type Database,
  type Logger,
  type MigrationSet,
  type RateLimiter,
} from '@trackboard/server-kit';
import { remoteUrls, type GatewayConfig } from '../config';
import { createReleases } from './app';
import { createVersionCatalog } from './domain/version-catalog';

export { createReleases, type Releases } from './app';
export { canaryBucket } from './domain/manifest-choice';
export { createVersionCatalog, remoteFolders } from './domain/version-catalog';

/** The gateway's own release table, migrated like a service's. */
export const gatewayMigrations: MigrationSet = { service: 'gateway', folder: join(__dirname, 'db/migrations') };

/**
 * The release table over the gateway's database, its versions from RELEASES_DIR (DATA_DIR/remotes)
 * and the bundled builds. Failure reports are counted in this process unless a limiter is given
 * (embedded mode's): a limit on reports need not be shared by several gateways, and a gateway
 * alone keeps no Redis connection.
 */
export const releasesFor = (
  config: GatewayConfig,
  database: Database,
  authenticate: Authenticator,
  log: Logger,
  limiter: RateLimiter = createMemoryRateLimiter(),
) =>
  createReleases({
    database,
    authenticate,
    log,
    limiter,
    catalog: createVersionCatalog({
      webRoot: config.WEB_ROOT,
      releasesDir: config.RELEASES_DIR ?? join(config.DATA_DIR, 'remotes'),
      remoteUrls: remoteUrls(config),
    }),
  });
