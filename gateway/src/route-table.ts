// The one route table (blueprint §1): which service answers which public path.
// First match wins, so the specific rules stand before the broad ones they carve out of.
export const serviceNames = ['auth', 'project', 'board', 'admin'] as const;
export type ServiceName = (typeof serviceNames)[number];

const routeTable: [ServiceName, string][] = [
  ['auth', '/api/auth/*'],
  ['auth', '/api/users/profile'],
  ['admin', '/api/dashboard/admin'],
  ['admin', '/api/admin/*'],
  ['admin', '/api/users/*'],
  ['board', 'POST /api/projects/:id/boards'],
  ['board', '/api/boards/*'],
  ['board', '/api/columns/*'],
  ['board', '/api/issues/*'],
  ['board', '/api/comments/*'],
  ['board', '/socket.io/*'],
  ['project', '/api/projects/*'],
  ['project', '/api/dashboard/*'],
];

/** `/api/health/<service>` reaches that service's own `/health`, for probes and the bench. */
const healthPath = /^\/api\/health\/(auth|project|board|admin)$/;

type Rule = { service: ServiceName; method: string | null; pattern: RegExp };

function compile([service, spec]: [ServiceName, string]): Rule {
  const [method, path] = spec.includes(' ') ? (spec.split(' ') as [string, string]) : [null, spec];
  const body = path
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { service, method, pattern: new RegExp(`^${body}${path.endsWith('/*') ? '(?:/.*)?' : ''}$`) };
}
const rules = routeTable.map(compile);

/** Where a request goes: the service and the path it sees, or null for the gateway itself. */
export function routeFor(method: string, url: string): { service: ServiceName; url: string } | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const health = healthPath.exec(path);
  if (health) return { service: health[1] as ServiceName, url: '/health' };
  const rule = rules.find((r) => (r.method === null || r.method === method) && r.pattern.test(path));
  return rule ? { service: rule.service, url } : null;
}
