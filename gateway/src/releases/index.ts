import { join } from 'node:path';
import type { Authenticator, Database, Logger, MigrationSet } from '@trackboard/server-kit';
import { remoteUrls, type GatewayConfig } from '../config';
import { createReleases } from './releases';
import { createVersionCatalog } from './version-catalog';

export { createReleases, canaryBucket, type Releases } from './releases';
export { createVersionCatalog, remoteFolders } from './version-catalog';

/** The gateway's own table (issue 19), migrated like a service's. */
export const gatewayMigrations: MigrationSet = { service: 'gateway', folder: join(__dirname, 'migrations') };

/** The release table over the gateway's database, its versions from RELEASES_DIR (DATA_DIR/remotes) and the bundled builds. */
export const releasesFor = (config: GatewayConfig, database: Database, authenticate: Authenticator, log: Logger) =>
  createReleases({
    database,
    authenticate,
    log,
    catalog: createVersionCatalog({
      webRoot: config.WEB_ROOT,
      releasesDir: config.RELEASES_DIR ?? join(config.DATA_DIR, 'remotes'),
      remoteUrls: remoteUrls(config),
    }),
  });
