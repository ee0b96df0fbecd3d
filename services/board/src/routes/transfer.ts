import { Hono } from 'hono';
import {
  ExportQuery,
  IdParam,
  ImportJobDto,
  ImportPeopleBody,
  ImportQuery,
  KeyParam,
  ProjectExport,
} from '@trackboard/contracts';
import { webStream } from '@trackboard/file-store';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Exports } from '../domain/transfer/exports';
import type { Imports } from '../domain/transfer/imports';

/** GET /projects/:key/export?format=json|csv|zip (members and admins; anyone else gets 404). */
export const exportRoutes = (exports: Exports) =>
  new Hono<AppEnv>().get(
    '/:key/export',
    // The answer is a file, JSON, CSV or zip by `format` (contracts' ProjectExport, csvIssueColumns).
    documented({
      summary:
        'Download a project: JSON (?format=json), its issues as CSV (?format=csv), or the JSON with every attachment’s bytes (?format=zip)',
      description:
        'The zip holds the JSON export as export.json and each attachment’s bytes under files/<file>, the path its `file` names; it is streamed as it is made.',
      responses: {
        200: { 'application/json': ProjectExport, 'text/csv': 'text', 'application/zip': 'text' },
      },
      errors: [404, 503],
    }),
    validate('param', KeyParam),
    validate('query', ExportQuery),
    async (c) => {
      const file = await exports.download(c.var.token, c.req.valid('param').key, c.req.valid('query').format);
      c.header('content-disposition', `attachment; filename="${file.filename}"`);
      if (file.format === 'json') return c.json(file.document);
      if (file.format === 'zip')
        return c.body(webStream(file.body), 200, {
          'content-type': 'application/zip',
        });
      c.header('content-type', 'text/csv; charset=utf-8');
      return c.body(file.text);
    },
  );

/**
 * The file, sent as the whole body (not multipart), whatever its content type: a JSON export
 * (`format=trackboard` or `trello`), our export with files (a zip, `format=trackboard`) or a CSV
 * (`format=csv`: ours, Jira's, Linear's or Plane's) in UTF-8, UTF-16 with its byte-order mark,
 * or Windows-1252.
 */
const importFileBody = {
  required: true,
  description: 'The file itself as the whole body (not multipart form data), matching ?format=',
  content: {
    'text/csv': {
      schema: { type: 'string' as const },
      example: 'Title,Status,Priority\nFix the login redirect,TODO,HIGH\nWrite the release notes,IN_PROGRESS,LOW\n',
    },
    'application/json': {
      schema: { type: 'object' as const, description: 'A Trackboard export or a Trello board export' },
    },
    'application/zip': {
      schema: {
        type: 'string' as const,
        format: 'binary',
        description: 'A Trackboard export with files (GET /projects/:key/export?format=zip), with format=trackboard',
      },
    },
    'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } },
  },
};

/** POST /imports?format=&key=&name= with the file as the body (202); GET /imports/:id and POST /imports/:id/people (the starter's own). */
export const importRoutes = (imports: Imports) =>
  new Hono<AppEnv>()
    .post(
      '/',
      documented({
        summary: 'Start an import: the file is the body (?format=&key=&name=); follow the job by its id',
        requestBody: importFileBody,
        responses: { 202: ImportJobDto },
        errors: [404, 409, 413],
      }),
      validate('query', ImportQuery),
      async (c) => {
        const file = new Uint8Array(await c.req.arrayBuffer());
        const job = await imports.start(c.var.user, c.var.token, c.req.valid('query'), file);
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
