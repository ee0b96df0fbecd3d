import { Hono } from 'hono';
import { CycleReport, IdParam, KeyParam, ProjectCycles, UpdateCycleSettingsRequest } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Cycles } from '../domain/cycles';

/** /projects/:key/cycles: a project's cycle plan and its cycles (members read; the lead or an admin changes the plan). */
export const projectCycleRoutes = (cycles: Cycles) =>
  new Hono<AppEnv>()
    .get(
      '/:key/cycles',
      documented({
        summary: 'A project’s cycles: the plan (on or off, length, start day) and every cycle, oldest first',
        responses: { 200: ProjectCycles },
        errors: [404],
      }),
      validate('param', KeyParam),
      async (c) => c.json(await cycles.list(c.var.user, c.req.valid('param').key)),
    )
    .put(
      '/:key/cycles',
      documented({
        summary: 'Turn a project’s cycles on or off, or change their length or start day (the lead or an admin)',
        description:
          'Cycles that have not started yet follow the new length and start day; the running one keeps its dates.',
        responses: { 200: ProjectCycles },
        errors: [403, 404, 409],
      }),
      validate('param', KeyParam),
      validate('json', UpdateCycleSettingsRequest),
      async (c) => c.json(await cycles.configure(c.var.user, c.req.valid('param').key, c.req.valid('json'))),
    );

/** /cycles/:id: one cycle's page. */
export const cycleRoutes = (cycles: Cycles) =>
  new Hono<AppEnv>().get(
    '/:id',
    documented({
      summary: 'A cycle: its issues and its burn-up (issues and points in it, and finished, at the end of each day)',
      responses: { 200: CycleReport },
      errors: [404],
    }),
    validate('param', IdParam),
    async (c) => c.json(await cycles.report(c.var.user, c.req.valid('param').id)),
  );
