import type { Hono } from 'hono';
import { describeRoute, generateSpecs, loadVendor, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z, type ZodType } from 'zod';
import { ErrorResponse } from '@trackboard/contracts';
import { describeForTools } from './openapi-schema';

// Each service describes its own routes (the same zod schemas that validate a request describe
// it, validate.ts; `documented` gives its answers) and serves the result at GET /openapi.json.
// The gateway merges the five documents into the public one (/api/openapi.json).

export type OpenApiDocument = OpenAPIV3_1.Document;

// zod's JSON Schema, handed to hono-openapi up front: its own loader finds zod by a dynamic
// import(), which CommonJS test runs cannot do, and this way it is our zod instance that converts.
type JsonSchemaOptions = NonNullable<Parameters<typeof z.toJSONSchema>[1]>;
/** zod's JSON Schema of a request or answer, as the common tools read it (openapi-schema.ts). */
const toJsonSchema = (schema: ZodType, options: JsonSchemaOptions = {}) =>
  z.toJSONSchema(schema, {
    ...options,
    override: (ctx) => {
      options.override?.(ctx);
      describeForTools(ctx);
    },
  });
loadVendor('zod', {
  toJSONSchema: (schema, options) => toJsonSchema(schema as ZodType, options as JsonSchemaOptions) as never,
});

type SuccessStatus = 200 | 201 | 202 | 204 | 302;
/** The error answers a route may give besides 400 (validate adds it) and 401 (any signed-in route). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

const errorMeanings: Record<ErrorStatus, string> = {
  400: 'Invalid input: the message names the field',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found, or not visible to the caller',
  409: 'Refused in the current state (the message says why)',
  413: 'The request body is too large',
  429: 'Too many attempts: try again later',
  503: 'A service this call needs cannot be reached',
};
const successMeanings: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the work goes on after the answer',
  204: 'Done, no content',
  302: 'Found: the browser goes on to the address in Location',
};

/** Every error answer has the one shape server-kit's onError sends (contracts' ErrorResponse, "Error"). */
const errorResponse = (status: ErrorStatus) => ({
  description: errorMeanings[status],
  content: { 'application/json': { schema: resolver(ErrorResponse) } },
});
/** The same, once the document is generated: a reference to the Error schema. */
const errorReference = (status: ErrorStatus): OpenAPIV3_1.ResponseObject => ({
  description: errorMeanings[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

type Answer = ZodType | null | 'text' | Record<string, ZodType | 'text'>;

const isZod = (value: object): value is ZodType => '~standard' in value;
const mediaSchema = (schema: ZodType | 'text') => ({
  schema: schema === 'text' ? { type: 'string' as const } : resolver(schema),
});

export type RouteDescription = {
  summary: string;
  description?: string;
  /**
   * The answers: a zod schema for a JSON body, null for none (204), 'text' for plain text, or
   * one of several media types (`{ 'application/json': Schema, 'text/csv': 'text' }`).
   */
  responses: Partial<Record<SuccessStatus | 400, Answer>>;
  /**
   * The error answers this route gives besides 400 for bad input (validate() documents it), 413
   * for a body too large (any route with a body) and, unless public, 401 (no live session) and
   * 403 (an account that is not active).
   */
  errors?: ErrorStatus[];
  /** Reached without a session (register, login, …): no bearer token, no 401 or 403 of its own. */
  public?: boolean;
  /** A JSON body or query checked by hand rather than by validate(), described by this schema. */
  body?: ZodType;
  query?: ZodType;
  /** A body that is not validated JSON (a file sent as is), described as it is. */
  requestBody?: OpenAPIV3_1.RequestBodyObject;
};

/** A route's OpenAPI description (middleware that only describes; validation is validate()'s). */
export function documented({
  summary,
  description,
  responses,
  errors = [],
  public: open = false,
  body,
  query,
  requestBody,
}: RouteDescription) {
  const answers: NonNullable<Parameters<typeof describeRoute>[0]['responses']> = {};
  for (const [status, schema] of Object.entries(responses) as [string, Answer][]) {
    const code = Number(status);
    const meaning = code === 400 ? errorMeanings[400] : successMeanings[code as SuccessStatus];
    answers[status] =
      schema === null
        ? { description: meaning }
        : schema === 'text'
          ? { description: meaning, content: { 'text/plain': mediaSchema('text') } }
          : isZod(schema)
            ? { description: meaning, content: { 'application/json': mediaSchema(schema) } }
            : {
                description: meaning,
                content: Object.fromEntries(Object.entries(schema).map(([type, s]) => [type, mediaSchema(s)])),
              };
  }
  for (const status of [...(open ? [] : ([401, 403] as const)), ...errors]) answers[status] = errorResponse(status);
  return describeRoute({
    summary,
    description,
    responses: answers,
    ...(open && { security: [] }),
    ...(body && { requestBody: { required: true, content: { 'application/json': { schema: resolver(body) } } } }),
    // describeRoute's types are OpenAPI 3.0's; the document is 3.1.
    ...(requestBody && { requestBody: requestBody as never }),
    // describeRoute's types are OpenAPI 3.0's; the document is 3.1.
    ...(query && { parameters: queryParameters(query) as never[] }),
  });
}

/** A flat query object's fields as query parameters (what hono-openapi's validator makes of one). */
function queryParameters(query: ZodType) {
  const schema = toJsonSchema(query, { io: 'input', unrepresentable: 'any' }) as OpenAPIV3_1.SchemaObject;
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    in: 'query',
    name,
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/**
 * What a service sends to URLs others gave it (OpenAPI 3.1 `webhooks`), by event: the body
 * (a zod schema) and the request's headers.
 */
export type WebhookDescriptions = Record<
  string,
  { summary: string; description?: string; payload: ZodType; headers?: OpenAPIV3_1.ParameterObject[] }
>;

/** Each webhook as a POST the service makes, answered 2xx by the receiver. */
function webhookItems(webhooks: WebhookDescriptions): NonNullable<OpenApiDocument['webhooks']> {
  return Object.fromEntries(
    Object.entries(webhooks).map(([name, { summary, description, payload, headers }]) => {
      // As the schema accepts it: objects left open, so a receiver that validates takes a field added later.
      const { $schema: _dialect, ...schema } = toJsonSchema(payload, { io: 'input', unrepresentable: 'any' });
      const post: NonNullable<OpenAPIV3_1.PathItemObject['post']> = {
        operationId: `webhook-${name.replace(/\W+/g, '-')}`,
        summary,
        ...(description && { description }),
        tags: ['webhooks'],
        // Signed by the webhook's secret (a header), not called with a bearer token.
        security: [],
        ...(headers && { parameters: headers }),
        // openapi-types' 3.1 operation keeps 3.0's request body type beside its own; this is 3.1's.
        requestBody: { required: true, content: { 'application/json': { schema } } } as never,
        responses: { '2XX': { description: 'Received' } },
      };
      return [name, { post }];
    }),
  );
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The service's document, from the routes its app registers (and what it sends, `webhooks`). */
export async function serviceDocument(
  app: Hono<never>,
  service: string,
  webhooks?: WebhookDescriptions,
): Promise<OpenApiDocument> {
  const document = (await generateSpecs(app, {
    documentation: {
      info: { title: `Trackboard ${service} service`, version: '1' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    // The 400 every validated route may give is our error body, not the library's own.
    defaultValidationErrorResponse: errorReference(400),
  })) as OpenApiDocument;
  if (webhooks) document.webhooks = webhookItems(webhooks);
  const schemas = ((document.components ??= {}).schemas ??= {});
  schemas.Error ??= toJsonSchema(ErrorResponse, { io: 'input', unrepresentable: 'any' }) as OpenAPIV3_1.SchemaObject;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item?.[method];
      if (!operation) continue;
      // Grouped by what they are about: /api/<tag>/…
      operation.tags ??= [path.split('/')[2] ?? service];
      // The body limit answers before any route: every route with a body may give it.
      const responses: Record<string, unknown> = (operation.responses ??= {});
      if (operation.requestBody) responses['413'] ??= errorReference(413);
    }
  }
  return document;
}
