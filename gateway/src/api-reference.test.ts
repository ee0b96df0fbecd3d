import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@trackboard/contracts';
import { createServiceClient, listenOn, type OpenApiDocument } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { byService, documentsFrom, isPublicRoute } from './api-reference';
import { createInProcessForwarder } from './forwarders';
import { internalRouteFor, routeFor, serviceNames, type ServiceName } from './route-table';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

const run = promisify(execFile);

// The public API description: /api/openapi.json through the gateway, as a client
// reads it, held to every route the services register and the route table sends them.
let t: TestPlatform;
let url: string;
let close: () => Promise<unknown>;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestPlatform();
  const server = createGatewayServer({
    forwarder: createInProcessForwarder(t.platform.apps),
    web: createWebHost({
      webRoot: tmpdir(),
      remoteUrls: {},
      appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
      serviceDocuments: documentsFrom(byService((service) => createServiceClient(t.platform.apps[service].fetch))),
    }),
    corsOrigins: [],
  });
  url = `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
  close = () => new Promise((done) => server.close(done));
  const res = await fetch(`${url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
});
afterAll(async () => {
  await close();
  await t.close();
});

/** `/api/projects/:key/members/:userId` as OpenAPI writes it: `/api/projects/{key}/members/{userId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

type Route = { service: ServiceName; method: string; path: string };
/** Every route the services register that the gateway sends them (their public API). */
function publicRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const service of serviceNames)
    for (const { method, path } of t.platform.apps[service].routes)
      if (methods.includes(method) && isPublicRoute(service, method, openApiPath(path)))
        seen.set(`${method} ${path}`, { service, method, path });
  return [...seen.values()];
}

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the bearer scheme and an answer list for every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Trackboard API');
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {}) as [string, { responses?: object }][]) {
        expect({ path, method, responses: Object.keys(operation.responses ?? {}).length > 0 }).toEqual({
          path,
          method,
          responses: true,
        });
      }
  });

  it('finds public routes in every service', () => {
    expect(new Set(publicRoutes().map((r) => r.service))).toEqual(new Set(serviceNames));
  });

  it('describes every public route of every service, with its method (a validator alone lists a path, undescribed)', () => {
    const missing = publicRoutes()
      .filter(({ method, path }) => !document.paths?.[openApiPath(path)]?.[method.toLowerCase() as 'get']?.summary)
      .map(({ service, method, path }) => `${service}: ${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('documents nothing the gateway does not route, and no service-to-service route', () => {
    const stray: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const method of Object.keys(item ?? {})) {
        const concrete = path.replace(/\{[^}]+\}/g, '1');
        if (!routeFor(method.toUpperCase(), concrete) || internalRouteFor(method.toUpperCase(), concrete))
          stray.push(`${method} ${path}`);
      }
    expect(stray).toEqual([]);
    expect(Object.keys(document.paths ?? {}).some((p) => p.startsWith('/api/auth/users'))).toBe(false);
  });

  it('names the schemas every reference points at', () => {
    const names = new Set(Object.keys(document.components?.schemas ?? {}));
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !names.has(name!))).toEqual([]);
  });

  it('describes what each webhook event POSTs in `webhooks`, its body the payload schema', () => {
    type Body = {
      properties: Record<string, { const?: string; properties?: Record<string, Schema>; required?: string[] }>;
    };
    const webhooks = document.webhooks ?? {};
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].sort());
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [event, item] of Object.entries(webhooks)) {
      const post = (item as { post: { summary: string; requestBody: Operation['requestBody'] } }).post;
      expect({ event, summary: typeof post.summary }).toEqual({ event, summary: 'string' });
      const schema = post.requestBody!.content['application/json']!.schema as Body & Schema;
      expect(() => ajv.compile(schema)).not.toThrow();
      expect(schema.properties.event!.const).toBe(event);
      const data = schema.properties.data!;
      const fields: Record<string, string[]> = {
        'issue.created': ['issue', 'actor'],
        'issue.updated': ['issue', 'actor', 'changes'],
        'issue.moved': ['issue', 'actor', 'changes'],
        'issue.deleted': ['issue', 'actor'],
        'comment.created': ['issue', 'actor', 'comment'],
        [WEBHOOK_TEST_EVENT]: ['webhookId', 'message'],
      };
      // Beside them, what deliveries carried before (issueId, title, …), marked deprecated.
      const current = data.required!.filter((field) => !data.properties![field]!.deprecated);
      expect({ event, data: current }).toEqual({ event, data: fields[event] });
    }
    const created = (webhooks['issue.created'] as { post: { requestBody: Operation['requestBody'] } }).post;
    const body = created.requestBody!.content['application/json']!.schema as Body;
    expect(body.properties.data!.properties!.issueKey).toMatchObject({ deprecated: true });
  });

  it('is open to anyone (it describes, it reveals no data)', async () => {
    const res = await fetch(`${url}/api/openapi.json`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
const operations = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => ({ at: `${method} ${path}`, ...(operation as Operation) })),
  );
/** Every value of `key` anywhere under `value`, with where it is. */
function valuesOf(value: unknown, key: string, at = ''): { at: string; value: unknown }[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === key ? [{ at, value: v }] : []),
    ...valuesOf(v, key, `${at}/${k}`),
  ]);
}

// What Swagger UI, RandExp and generated clients make of the description
// (docs/decisions/0070-api-description-for-common-tools.md).
describe('/api/openapi.json, as the common tools read it', () => {
  it('has patterns without Unicode property escapes, each compiling without the u flag', () => {
    const patterns = valuesOf(document, 'pattern').filter((p) => typeof p.value === 'string');
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.filter((p) => /\\[pP]\{/.test(p.value as string)).map((p) => p.at)).toEqual([]);
    for (const { value } of patterns) expect(() => new RegExp(value as string)).not.toThrow();
  });

  it('gives every parameter one type, and every id parameter digits as text', () => {
    const parameters = operations().flatMap(({ at, parameters = [] }) => parameters.map((p) => ({ at, ...p })));
    expect(
      parameters.filter((p) => p.schema.type === undefined && !p.schema.anyOf).map((p) => `${p.at} ${p.name}`),
    ).toEqual([]);
    expect(parameters.filter((p) => Array.isArray(p.schema.type)).map((p) => `${p.at} ${p.name}`)).toEqual([]);
    const ids = parameters.filter((p) => p.in === 'path' && /^(id|userId)$/.test(p.name));
    expect(ids.length).toBeGreaterThan(30);
    for (const id of ids)
      expect({ at: id.at, schema: id.schema }).toEqual({
        at: id.at,
        schema: expect.objectContaining({ type: 'string', pattern: '^[1-9][0-9]{0,14}$' }),
      });
  });

  it('describes the project key rule and due dates', () => {
    const key = operations().find((o) => o.at === 'get /api/projects/{key}')!.parameters![0]!;
    expect(key.schema).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9]{1,10}$' });
    const body = document.paths!['/api/issues']!.post!.requestBody as Operation['requestBody'];
    expect(JSON.stringify(body!.content['application/json']!.schema)).toContain('"format":"date"');
  });

  it('gives every JSON request body with fields an example its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const bodies = operations().flatMap(({ at, requestBody }) => {
      const schema = requestBody?.content['application/json']?.schema;
      return schema && Object.keys((schema.properties as object | undefined) ?? {}).length ? [{ at, schema }] : [];
    });
    expect(bodies.length).toBeGreaterThan(25);
    const wrong = bodies.flatMap(({ at, schema }) => {
      const example = (schema.examples as unknown[] | undefined)?.[0];
      if (example === undefined) return [`${at}: no example`];
      const validate = ajv.compile({ ...schema, components: document.components });
      return validate(example) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('describes the file POST /api/imports takes as its body, and names the server to call', () => {
    const body = document.paths!['/api/imports']!.post!.requestBody as Operation['requestBody'];
    expect(Object.keys(body?.content ?? {})).toEqual([
      'text/csv',
      'application/json',
      'application/zip',
      'application/octet-stream',
    ]);
    // The export answers JSON, CSV, or the export with files (a zip) by ?format=.
    const exported = document.paths!['/api/projects/{key}/export']!.get!.responses!['200'] as { content?: object };
    expect(Object.keys(exported.content ?? {})).toEqual(['application/json', 'text/csv', 'application/zip']);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('passes `redocly lint` with its recommended rules (gateway/redocly.yaml): no errors', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const gateway = join(__dirname, '..');
      // Exits 1 on errors: the report, on stdout, is what counts.
      const { stdout } = await run(
        process.execPath,
        [
          join(require.resolve('@redocly/cli/package.json'), '../bin/cli.js'),
          'lint',
          file,
          '--config',
          join(gateway, 'redocly.yaml'),
          '--format=json',
        ],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((failed: { stdout: string }) => failed);
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string }[];
      };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('/api/docs', () => {
  it('serves Swagger UI from this origin only: every script and style is a same-origin path', async () => {
    const res = await fetch(`${url}/api/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    expect(html).not.toMatch(/<script>[^<]/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    for (const asset of assets) {
      const file = await fetch(`${url}${asset}`);
      expect({ asset, status: file.status }).toEqual({ asset, status: 200 });
      expect((await file.text()).length).toBeGreaterThan(10);
    }
    expect(await (await fetch(`${url}/api/docs/start.js`)).text()).toContain("url: '/api/openapi.json'");
  });

  it('serves no other file of the package', async () => {
    expect((await fetch(`${url}/api/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${url}/api/docs/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});
