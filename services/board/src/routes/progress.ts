import { Hono } from 'hono';
import { KeyParam, ProjectProgress } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { ProjectProgressReader } from '../domain/project-progress';

/** GET /projects/:key/progress (members and admins, archived projects too; anyone else gets 404). */
export const progressRoutes = (progress: ProjectProgressReader) =>
  new Hono<AppEnv>().get(
    '/:key/progress',
    documented({
      summary:
        'A project’s progress over the last eight weeks: open and done issues at each week’s end, issues created and closed in each week, and the median time from start to done',
      description:
        'Read from the issues’ history. Weeks are seven UTC days, oldest first; the last ends today. Deleted issues are left out.',
      responses: { 200: ProjectProgress },
      errors: [404],
    }),
    validate('param', KeyParam),
    async (c) => c.json(await progress.of(c.var.user, c.req.valid('param').key)),
  );
