import {
  createServiceApp,
  requireUser,
  type Authenticator,
  type Database,
  type Logger,
  type RateLimiter,
} from '@trackboard/server-kit';
import { createFailureReports } from './domain/failure-reports';
import { createManifestChoice } from './domain/manifest-choice';
import { createReleaseAdmin } from './domain/release-admin';
import { createReleaseTable } from './domain/release-table';
import type { VersionCatalog } from './domain/version-catalog';
import { adminReleaseRoutes, failureReportRoutes } from './routes/releases';
import { visitorsOf } from './routes/visitor';

export type ReleasesOptions = {
  database: Database;
  authenticate: Authenticator;
  catalog: VersionCatalog;
  log: Logger;
  /** Counts the failure reports (anyone may send them). */
  limiter: RateLimiter;
};

/**
 * Remote releases: which version of each remote a user loads, chosen per request from the
 * release table, and the admin API that changes it. Answered by the gateway itself (the route
 * table's gateway rules), because the gateway serves the versions' files.
 */
export function createReleases({ database, authenticate, catalog, log, limiter }: ReleasesOptions) {
  const table = createReleaseTable(database.db);
  const visitors = visitorsOf(authenticate);
  const { manifestFor, folderOf } = createManifestChoice(table, catalog, log);

  const app = createServiceApp({ service: 'gateway', log, ready: database.ping });
  app.use('/api/admin/*', requireUser(authenticate));
  app.route('/api/admin/releases', adminReleaseRoutes(createReleaseAdmin(table, catalog)));
  app.route('/api/releases/failures', failureReportRoutes(createFailureReports(table, limiter), visitors));

  return { app, manifestFor, folderOf, subjectOf: visitors.subjectOf };
}
export type Releases = ReturnType<typeof createReleases>;
