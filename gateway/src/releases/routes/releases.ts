import { Hono } from 'hono';
import {
  messages,
  ReleaseUpdateRequest,
  ReleaseUpdateResponse,
  ReleasesResponse,
  RemoteLoadFailure,
  RemoteParam,
} from '@trackboard/contracts';
import { clientIp, documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { FailureReports } from '../domain/failure-reports';
import type { ReleaseAdmin } from '../domain/release-admin';
import type { Visitors } from './visitor';

/** /api/admin/releases: the release table, for administrators (signed in: the app's requireUser). */
export const adminReleaseRoutes = (admin: ReleaseAdmin) =>
  new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "Each remote's versions, current and canary release, and the history of changes",
        responses: { 200: ReleasesResponse },
      }),
      async (c) => c.json(await admin.list(c.var.user)),
    )
    .put(
      '/:remote',
      documented({
        summary: "Make a version current (or roll back), or set, change or end a remote's canary",
        responses: { 200: ReleaseUpdateResponse },
        errors: [404, 409],
        body: ReleaseUpdateRequest,
      }),
      validate('param', RemoteParam),
      validate('json', ReleaseUpdateRequest),
      async (c) => c.json(await admin.update(c.var.user, c.req.valid('param').remote, c.req.valid('json'))),
    );

/** POST /api/releases/failures: open to anyone, since the shell reports before sign-in too. */
export const failureReportRoutes = (reports: FailureReports, visitors: Visitors) =>
  new Hono<AppEnv>().post(
    '/',
    documented({
      summary: 'Report that a canary version failed to load (the shell fell back to the current one)',
      responses: { 204: null },
      errors: [429],
      public: true,
      body: RemoteLoadFailure,
    }),
    validate('json', RemoteLoadFailure),
    async (c) => {
      const refused = await reports.report(clientIp(c), () => visitors.knownSubject(c), c.req.valid('json'));
      if (refused)
        return c.json({ message: messages.tooManyRequests }, 429, { 'Retry-After': String(refused.retryAfterSeconds) });
      return c.body(null, 204);
    },
  );
