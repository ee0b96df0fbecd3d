import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument } from '@trackboard/server-kit';

/**
 * The contract check: every answer the service suites get through the test platform is held to
 * the service's own OpenAPI document (GET /openapi.json, made from the same zod contracts the
 * routes use). A described route answering a status it does not document, or a body its schema
 * refuses, fails the test that made the call. Routes not described yet (no summary: a validator
 * alone puts a path in the document) and paths no route takes are left alone.
 */
type App = {
  request: (path: string) => Response | Promise<Response>;
  routes?: readonly { method: string; path: string }[];
};
type Operation = { summary?: string; responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Route = { method: string; pattern: RegExp; params: number; template: string; operation: Operation };
type Contract = { document: OpenApiDocument; routes: Route[]; validators: Map<string, ValidateFunction> };

// OpenAPI 3.1 schemas are JSON Schema 2020-12. Formats are annotations here (zod's own checks ran).
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
// One per app: the document is made once per service app, on its first request.
const contracts = new WeakMap<App, Promise<Contract>>();
// Making a service's document takes a few hundred milliseconds, and every test file builds the same
// apps again: the text is kept for the worker process (types/jest-environment-server.js), keyed by
// the app's routes, where that environment runs.
const documents: Map<string, string> =
  (globalThis as { __trackboardPerWorker?: Map<string, string> }).__trackboardPerWorker ?? new Map();

async function documentOf(app: App): Promise<OpenApiDocument> {
  const key = app.routes && `openapi ${app.routes.map((r) => `${r.method} ${r.path}`).join('\n')}`;
  let text = key && documents.get(key);
  if (!text) {
    const res = await app.request('/openapi.json');
    if (!res.ok) throw new Error(`the service's /openapi.json answered ${res.status}`);
    text = await res.text();
    if (key) documents.set(key, text);
  }
  return JSON.parse(text) as OpenApiDocument;
}

async function load(app: App): Promise<Contract> {
  const document = await documentOf(app);
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const body = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      routes.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${body}$`),
        params: (template.match(/\{/g) ?? []).length,
        template,
        operation: operation as Operation,
      });
    }
  }
  // A literal segment wins over a parameter (`/api/users/search` before `/api/users/{id}`), as in the routers.
  routes.sort((a, b) => a.params - b.params);
  return { document, routes, validators: new Map() };
}

function validatorFor(contract: Contract, route: Route, status: string, schema: object): ValidateFunction {
  const key = `${route.method} ${route.template} ${status}`;
  let validate = contract.validators.get(key);
  if (!validate) {
    // References (`#/components/schemas/Error`) resolve against the document's components.
    validate = ajv.compile({ ...schema, components: contract.document.components });
    contract.validators.set(key, validate);
  }
  return validate;
}

/** Throws when a described route's answer is not what its document says. */
export async function checkContract(app: App, method: string, url: string, res: Response): Promise<void> {
  let pending = contracts.get(app);
  if (!pending) contracts.set(app, (pending = load(app)));
  const contract = await pending;
  const path = url.split('?')[0]!;
  const route = contract.routes.find((r) => r.method === method && r.pattern.test(path));
  if (!route?.operation.summary) return;
  const call = `${method} ${path} (${route.template})`;
  const status = String(res.status);
  const documented = route.operation.responses?.[status];
  if (!documented) throw new Error(`contract: ${call} answered ${status}, which its OpenAPI description does not list`);
  const type = res.headers.get('content-type') ?? '';
  const text = await res.clone().text();
  const content = documented.content;
  if (!content) {
    if (text !== '') throw new Error(`contract: ${call} answered ${status} with a body; none is documented`);
    return;
  }
  const media = type.split(';')[0]!.trim();
  const entry = content[media];
  if (!entry) throw new Error(`contract: ${call} answered ${status} as ${media || 'nothing'}, which is not documented`);
  const schema = entry.schema;
  if (media !== 'application/json' || !schema) return;
  const validate = validatorFor(contract, route, status, schema);
  if (!validate(JSON.parse(text)))
    throw new Error(
      `contract: ${call} answered ${status} with a body its OpenAPI schema refuses: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${text.slice(0, 500)}`,
    );
}
