import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { messages } from '@trackboard/contracts';
import type { OpenApiDocument, ServiceClient } from '@trackboard/server-kit';
import { isGatewayRoute, routeFor, serviceNames, type ServiceName } from './route-table';

// The public API description. Each service describes the routes it registers and
// serves that at its own GET /openapi.json; the gateway merges them, keeping only the paths its
// route table sends to that service (a service-to-service route such as /api/auth/users/* is not
// public and is left out). /api/docs is Swagger UI from the swagger-ui-dist package, served from
// here: the reference works with no outside network.

/** Reads one service's own document (`/openapi.json` on its port, or its app in-process). */
export type ServiceDocuments = (service: ServiceName) => Promise<OpenApiDocument>;

/** One value per service. */
export const byService = <T>(make: (service: ServiceName) => T) =>
  Object.fromEntries(serviceNames.map((service) => [service, make(service)])) as Record<ServiceName, T>;

type PathItem = NonNullable<OpenApiDocument['paths']>[string];
const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Whether the gateway sends `method path` (an OpenAPI template, `{id}` for a parameter) to
 * `service`, or — for `gateway` — answers it itself (the release table).
 */
export function isPublicRoute(service: ServiceName | 'gateway', method: string, template: string): boolean {
  const path = template.replace(/\{[^}]+\}/g, '1');
  return service === 'gateway'
    ? isGatewayRoute(method.toUpperCase(), path)
    : routeFor(method.toUpperCase(), path)?.service === service;
}

/** The one public document: every service's public operations (and the gateway's own) and the schemas they name. */
export function mergeDocuments(
  documents: Record<ServiceName, OpenApiDocument>,
  gatewayDocument?: OpenApiDocument,
): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Trackboard API',
      version: '1',
      description:
        'Every route of every Trackboard service. Call it with `Authorization: Bearer <token>`: ' +
        'a session token from POST /api/auth/login, or a personal access token (`tb_pat_…`) made in the profile.',
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token (JWT) or a personal access token (tb_pat_…).',
        },
      },
      schemas: {},
    },
    // Relative: the paths are called on whichever address the document was read from (behind a
    // proxy too), so Swagger UI and generated clients call the instance they describe.
    servers: [{ url: '/', description: 'This Trackboard instance' }],
    security: [{ bearerAuth: [] }],
    paths: {},
  };
  const schemas = merged.components!.schemas!;
  const sources = [
    ...serviceNames.map((service) => [service, documents[service]] as const),
    ...(gatewayDocument ? [['gateway', gatewayDocument] as const] : []),
  ];
  for (const [service, document] of sources) {
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      const kept: PathItem = {};
      for (const method of methods) {
        const operation = item?.[method];
        if (operation && isPublicRoute(service, method, template)) kept[method] = operation;
      }
      if (Object.keys(kept).length) merged.paths![template] = { ...merged.paths![template], ...kept };
    }
    // Schemas are named by the contracts (one zod schema, one name), so the same name is the same schema.
    Object.assign(schemas, document.components?.schemas);
    // What a service POSTs to its users' URLs (OpenAPI 3.1 `webhooks`): public wherever it is described.
    if (document.webhooks) merged.webhooks = { ...merged.webhooks, ...document.webhooks };
  }
  return merged;
}

const swaggerFolder = dirname(require.resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The page and its start script are ours: the page's CSP allows no inline script.
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Trackboard API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;
// filter: a box that narrows the list to a tag, for an API of well over a hundred operations (Swagger
// UI then draws only the rows near the screen).
const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, filter: true });\n`;

/** `/api/openapi.json` and `/api/docs`, answered by the gateway itself; `ownDocument` describes the gateway's own API routes. */
export function apiReferenceRoutes(documentOf: ServiceDocuments, ownDocument?: () => Promise<OpenApiDocument>) {
  // Made once per gateway process, on the first request that finds every service up.
  let merged: Promise<OpenApiDocument> | null = null;
  const document = () => {
    merged ??= Promise.all([Promise.all(serviceNames.map(documentOf)), ownDocument?.()])
      .then(([docs, own]) =>
        mergeDocuments(
          byService((service) => docs[serviceNames.indexOf(service)]!),
          own,
        ),
      )
      .catch((error: unknown) => {
        merged = null;
        throw error;
      });
    return merged;
  };
  const app = new Hono();
  app.get('/api/openapi.json', async (c) => {
    try {
      return c.json(await document());
    } catch {
      return c.json({ message: messages.serviceUnavailable }, 503);
    }
  });
  app.get('/api/docs', (c) => c.html(page));
  app.get('/api/docs/start.js', (c) => c.body(start, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/:asset', async (c) => {
    const type = assets[c.req.param('asset')];
    if (!type) return c.json({ message: messages.notFound }, 404);
    const body = await readFile(join(swaggerFolder, c.req.param('asset')));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=3600' });
  });
  return app;
}

/**
 * The gateway's own routes (the release table, MCP) as one document: each part of the gateway
 * that answers API routes is an app describing them at its /openapi.json, as a service does.
 */
export function gatewayDocument(apps: ({ request(path: string): Response | Promise<Response> } | undefined)[]) {
  const present = apps.filter((app) => app !== undefined);
  if (!present.length) return undefined;
  return async (): Promise<OpenApiDocument> => {
    const documents = await Promise.all(
      present.map(async (app) => (await app.request('/openapi.json')).json() as Promise<OpenApiDocument>),
    );
    return {
      ...documents[0]!,
      paths: Object.assign({}, ...documents.map((d) => d.paths)),
      components: {
        ...documents[0]!.components,
        schemas: Object.assign({}, ...documents.map((d) => d.components?.schemas)),
      },
    };
  };
}

/** Each service's own document, asked of it as any other call (a replica over HTTP, or the app in-process). */
export function documentsFrom(clients: Record<ServiceName, ServiceClient>): ServiceDocuments {
  return async (service) => {
    const res = await clients[service]('GET', '/openapi.json');
    if (!res.ok) throw new Error(`${service}'s /openapi.json answered ${res.status}`);
    return (await res.json()) as OpenApiDocument;
  };
}
