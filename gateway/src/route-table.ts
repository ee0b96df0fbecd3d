import { getPath } from 'hono/utils/url';

// The one route table: which service answers which public path.
// First match wins, so the specific rules stand before the broad ones they carve out of.
export const serviceNames = ['auth', 'project', 'board', 'admin', 'notification'] as const;
export type ServiceName = (typeof serviceNames)[number];

// Service-to-service routes: a service answers them on its own port (split) or in-process
// (embedded), but the gateway refuses them like any unknown /api path. The auth service's
// account administration is called only by the admin service, which keeps the moderation
// log; reached through the gateway it would bypass that log.
const internalTable: [ServiceName, string][] = [['auth', '/api/auth/users/*']];

// Routes the gateway answers itself: the release table of the remotes it serves (releases/),
// checked before the services' rules, which would send /api/admin/* to the admin service; and
// the MCP server (mcp/), whose tools call the services' routes through the gateway in turn.
const gatewayTable: string[] = [
  '/api/admin/releases',
  '/api/admin/releases/:remote',
  'POST /api/releases/failures',
  '/api/mcp',
];

const routeTable: [ServiceName, string][] = [
  ['auth', '/api/auth/*'],
  ['auth', '/api/users/profile'],
  ['admin', '/api/dashboard/admin'],
  ['admin', '/api/admin/*'],
  ['admin', '/api/users/*'],
  ['notification', '/api/notifications/*'],
  // Watching is the notification service's, though it hangs off an issue's path.
  ['notification', '/api/issues/:id/watch'],
  // A project's webhooks are the notification service's (it consumes the events they carry).
  ['notification', '/api/projects/:key/webhooks'],
  ['notification', '/api/webhooks/*'],
  ['board', 'POST /api/projects/:id/boards'],
  ['board', '/api/boards/*'],
  ['board', '/api/columns/*'],
  ['board', '/api/issues/*'],
  ['board', '/api/comments/*'],
  ['board', '/api/labels/*'],
  ['board', '/api/attachments/*'],
  // A signed attachment link: reached without a token (the signature is the proof).
  ['board', '/api/attachment-files/*'],
  ['board', '/api/search'],
  ['board', '/socket.io/*'],
  // Export and import: the board service holds what a project's export is made of.
  ['board', 'GET /api/projects/:key/export'],
  ['board', '/api/imports/*'],
  // Cycles are the board service's: its issues are planned in them and rolled over.
  ['board', '/api/projects/:key/cycles'],
  ['board', '/api/cycles/*'],
  ['board', 'GET /api/projects/:key/progress'],
  ['project', '/api/projects/*'],
  ['project', '/api/invitations/*'],
  ['project', '/api/views/*'],
  ['project', '/api/dashboard/*'],
];

/** `/api/health/<service>` reaches that service's own `/health`, for probes and the bench. */
const healthPath = /^\/api\/health\/(auth|project|board|admin|notification)$/;

/** `template` is the rule's path as written (`/api/issues/*`): the gateway's metric label for the route (the method has its own label). */
type Rule<S = ServiceName> = { service: S; method: string | null; pattern: RegExp; template: string };

function compile<S>([service, spec]: [S, string]): Rule<S> {
  const [method, path] = spec.includes(' ') ? (spec.split(' ') as [string, string]) : [null, spec];
  const body = path
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    service,
    method,
    pattern: new RegExp(`^${body}${path.endsWith('/*') ? '(?:/.*)?' : ''}$`),
    template: path,
  };
}
const rules = routeTable.map(compile);
const internalRules = internalTable.map(compile);
const gatewayRules = gatewayTable.map((spec) => compile(['gateway', spec]));

/**
 * The path the service's router will see: @hono/node-server resolves dot segments and
 * backslashes (WHATWG URL) and Hono decodes percent-escapes, so `/api/auth/%75sers/…` or
 * `/api/auth/x/../users/…` must be matched as `/api/auth/users/…` or it would slip past a rule.
 */
function routedPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!/[%.\\]/.test(path)) return path;
  try {
    return getPath(new Request(`http://gateway${url}`));
  } catch {
    return path; // a target no URL parser takes: the service refuses it too
  }
}
const match = <S>(list: Rule<S>[], method: string, path: string) =>
  list.find((r) => (r.method === null || r.method === method) && r.pattern.test(path));

/** Where a request goes: the service, the path it sees and the rule that sent it there; null for the gateway itself. */
export function routeFor(method: string, url: string): { service: ServiceName; url: string; template: string } | null {
  const path = routedPath(url);
  const health = healthPath.exec(path);
  if (health) return { service: health[1] as ServiceName, url: '/health', template: '/api/health/:service' };
  if (match(internalRules, method, path) || match(gatewayRules, method, path)) return null;
  const rule = match(rules, method, path);
  return rule ? { service: rule.service, url, template: rule.template } : null;
}

/** Whether the gateway itself answers this request (the release table, MCP). */
export function isGatewayRoute(method: string, url: string): boolean {
  return match(gatewayRules, method, routedPath(url)) !== undefined;
}

/** The service that answers a service-to-service path the gateway refuses, or null. */
export function internalRouteFor(method: string, url: string): ServiceName | null {
  return match(internalRules, method, routedPath(url))?.service ?? null;
}
