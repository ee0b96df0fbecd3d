import { Hono } from 'hono';
import {
  ExportQuery,
  IdParam,
  ImportJobDto,
  ImportPeopleBody,
  ImportQuery,
  KeyParam,
  messages,
  ProjectExport,
  type ProjectDto,
} from '@trackboard/contracts';
import {
  documented,
  HttpError,
  NotFound,
  validate,
  type AppEnv,
  type Clock,
  type Db,
  type ServiceClient,
} from '@trackboard/server-kit';
import type { Imports } from '../domain/transfer/imports';
import { exportCsv, exportProject } from '../domain/transfer/project-export';

/**
 * GET /projects/:key/export?format=json|csv. Who may see the project is the project
 * service's answer to GET /projects/:key asked with the caller's own token (members and admins;
 * anyone else gets its 404), which also gives the name, description, lead and members.
 */
export const exportRoutes = (db: Db, projectService: ServiceClient, clock: Clock) =>
  new Hono<AppEnv>().get(
    '/:key/export',
    // The answer is a file, JSON or CSV by `format` (contracts' ProjectExport, csvIssueColumns).
    documented({
      summary: 'Download a project: JSON (?format=json) or its issues as CSV (?format=csv)',
      responses: { 200: { 'application/json': ProjectExport, 'text/csv': 'text' } },
      errors: [404, 503],
    }),
    validate('param', KeyParam),
    validate('query', ExportQuery),
    async (c) => {
      const { key } = c.req.valid('param');
      const res = await projectService('GET', `/api/projects/${key}`, { token: c.var.token });
      if (res.status === 404) throw new NotFound(messages.projectNotFound);
      if (!res.ok) throw new HttpError(res.status === 401 ? 401 : 503, messages.serviceUnavailable);
      const project = (await res.json()) as ProjectDto;
      const document = await exportProject(db, project, clock);
      const csv = c.req.valid('query').format === 'csv';
      c.header('content-disposition', `attachment; filename="${project.key}-export.${csv ? 'csv' : 'json'}"`);
      if (csv) {
        c.header('content-type', 'text/csv; charset=utf-8');
        return c.body(exportCsv(document));
      }
      return c.json(document);
    },
  );

/** POST /imports?format=&key=&name= with the file as the body (202); GET /imports/:id and POST /imports/:id/people (the starter's own). */
export const importRoutes = (imports: Imports) =>
  new Hono<AppEnv>()
    .post(
      '/',
      documented({
        summary: 'Start an import: the file is the body (?format=&key=&name=); follow the job by its id',
        responses: { 202: ImportJobDto },
        errors: [404, 409, 413],
      }),
      validate('query', ImportQuery),
      async (c) => {
        const job = await imports.start(c.var.user, c.var.token, c.req.valid('query'), await c.req.text());
        return c.json(job, 202);
      },
    )
    .get(
      '/:id',
      documented({ summary: 'An import job the caller started', responses: { 200: ImportJobDto }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await imports.get(c.var.user, c.var.token, c.req.valid('param').id)),
    )
    .post(
      '/:id/people',
      documented({
        summary: 'Add people a finished import offered to its project, with the issues the file assigns them',
        responses: { 200: ImportJobDto },
        errors: [400, 403, 404, 409, 503],
      }),
      validate('param', IdParam),
      validate('json', ImportPeopleBody),
      async (c) =>
        c.json(await imports.addPeople(c.var.user, c.var.token, c.req.valid('param').id, c.req.valid('json').emails)),
    );
