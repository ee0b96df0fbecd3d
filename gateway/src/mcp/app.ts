import type { HttpBindings } from '@hono/node-server';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import { createServiceApp, documented, requireUser, type Authenticator, type Logger } from '@trackboard/server-kit';
import { apiClient, ownOrigin, type ApiClient } from './api-client';
import { registerResources } from './resources';
import { registerStructureTools } from './structure-tools';
import { registerTools } from './tools';

export type McpOptions = { authenticate: Authenticator; log: Logger };

const JsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'McpRequest', example: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
const JsonRpcAnswer = z
  .object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number()]).nullable() })
  .catchall(z.unknown())
  .meta({ id: 'McpResponse' });

/**
 * The request as the transport wants it. Streamable HTTP asks a client to accept both JSON and
 * an event stream, but this server answers JSON only (`enableJsonResponse`), so a client asking
 * for JSON alone — Swagger UI's "Try it out", curl — is served the same answer instead of a 406.
 */
function acceptingBoth(request: Request): Request {
  const accept = request.headers.get('accept') ?? '';
  if (accept.includes('text/event-stream') || !(accept === '' || /application\/json|\*\/\*/.test(accept)))
    return request;
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  return new Request(request, { headers });
}

/** One MCP server per request (stateless): it holds nothing but the caller's API client. */
function mcpServerFor(api: ApiClient) {
  const server = new McpServer({ name: 'trackboard', version: '1' });
  registerTools(server, api);
  registerStructureTools(server, api);
  registerResources(server, api);
  return server;
}

/**
 * POST /api/mcp: the Model Context Protocol over Streamable HTTP, stateless and answered as JSON.
 * The bearer token is checked first (401 before any MCP work); each tool then calls the API with
 * it (docs/decisions/0060-mcp-acts-through-the-api.md).
 */
export function createMcp({ authenticate, log }: McpOptions) {
  const app = createServiceApp({ service: 'gateway', log });
  app.use('/api/mcp', requireUser(authenticate));
  app.post(
    '/api/mcp',
    documented({
      summary:
        'Model Context Protocol (Streamable HTTP, stateless): tools and resources for AI agents, acting as the caller',
      description:
        'Point an MCP client at this URL with `Authorization: Bearer tb_pat_…`. Every tool calls this API as the caller, so it sees and changes what the caller may.',
      responses: { 200: JsonRpcAnswer, 202: null },
      body: JsonRpcMessage,
    }),
    async (c) => {
      const origin = ownOrigin((c.env as Partial<HttpBindings> | undefined)?.incoming);
      if (!origin) throw new Error('/api/mcp is answered only through the gateway’s HTTP server');
      const server = mcpServerFor(apiClient(origin, c.var.token, c.var.requestId));
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(acceptingBoth(c.req.raw));
      } finally {
        await server.close();
      }
    },
  );
  // Stateless: no stream to open and no session to end.
  app.on(['GET', 'DELETE'], '/api/mcp', (c) =>
    c.json({ message: 'Method not allowed: send MCP requests with POST.' }, 405, { Allow: 'POST' }),
  );
  return app;
}
export type Mcp = ReturnType<typeof createMcp>;
