import { internalRouteFor, isGatewayRoute, routeFor } from './route-table';

describe('the gateway route table', () => {
  it.each([
    ['POST', '/api/auth/login', 'auth'],
    ['PUT', '/api/users/profile', 'auth'],
    ['GET', '/api/users?email=a@b.c', 'admin'],
    ['GET', '/api/users/search?query=al', 'admin'],
    ['PUT', '/api/admin/users/4/approve', 'admin'],
    ['GET', '/api/dashboard/admin', 'admin'],
    ['GET', '/api/dashboard', 'project'],
    ['GET', '/api/dashboard/project/3', 'project'],
    ['GET', '/api/projects', 'project'],
    ['PUT', '/api/projects/ABC', 'project'],
    ['POST', '/api/projects/ABC/members', 'project'],
    ['POST', '/api/projects/ABC/views', 'project'],
    ['GET', '/api/views', 'project'],
    ['PATCH', '/api/views/5', 'project'],
    ['DELETE', '/api/views/5', 'project'],
    ['POST', '/api/projects/12/boards', 'board'],
    ['GET', '/api/boards/12', 'board'],
    ['PUT', '/api/issues/9/position', 'board'],
    ['DELETE', '/api/comments/3', 'board'],
    ['PUT', '/api/columns/3', 'board'],
    ['GET', '/socket.io/?EIO=4&transport=websocket', 'board'],
    ['GET', '/api/notifications', 'notification'],
    ['GET', '/api/notifications?unread=true&limit=20&before=9', 'notification'],
    ['POST', '/api/notifications/read', 'notification'],
    ['PUT', '/api/notifications/settings', 'notification'],
    ['GET', '/api/notifications/unsubscribe?token=a.b.c', 'notification'],
    ['GET', '/api/issues/9/watch', 'notification'],
    ['PUT', '/api/issues/9/watch', 'notification'],
    ['DELETE', '/api/issues/9/watch', 'notification'],
    ['GET', '/api/issues/9', 'board'],
    ['GET', '/api/issues/9/comments', 'board'],
    ['GET', '/api/issues/9/watchers', 'board'],
    ['POST', '/api/projects/ABC/webhooks', 'notification'],
    ['GET', '/api/projects/ABC/webhooks', 'notification'],
    ['DELETE', '/api/webhooks/4', 'notification'],
    ['GET', '/api/webhooks/4/deliveries', 'notification'],
    ['POST', '/api/webhooks/4/test', 'notification'],
    ['GET', '/api/projects/ABC/webhooks/x', 'project'],
    ['GET', '/api/projects/ABC/export?format=csv', 'board'],
    ['DELETE', '/api/projects/ABC/export', 'project'],
    ['GET', '/api/projects/ABC/progress', 'board'],
    ['POST', '/api/imports?format=csv&key=ABC&name=x', 'board'],
    ['GET', '/api/imports/7', 'board'],
  ])('%s %s goes to the %s service', (method, url, service) => {
    expect(routeFor(method, url)).toEqual({ service, url, template: expect.any(String) });
  });

  it('names the rule that matched, for the metrics', () => {
    expect(routeFor('PUT', '/api/issues/9/position')?.template).toBe('/api/issues/*');
    expect(routeFor('POST', '/api/projects/12/boards')?.template).toBe('/api/projects/:id/boards');
  });

  it('sends /api/health/<service> to that service’s own /health', () => {
    expect(routeFor('GET', '/api/health/board')).toEqual({
      service: 'board',
      url: '/health',
      template: '/api/health/:service',
    });
    expect(routeFor('GET', '/api/health/notification')?.service).toBe('notification');
  });

  it('sends an issue’s watch to the notification service, before the board service’s /api/issues/*', () => {
    expect(routeFor('PUT', '/api/issues/9/watch')?.template).toBe('/api/issues/:id/watch');
    expect(routeFor('PUT', '/api/issues/9/watch/x')?.service).toBe('board');
  });

  it.each([
    '/',
    '/projects',
    '/remotes.json',
    '/remotes/mf-boards/mf-manifest.json',
    '/api',
    '/api/authx',
    '/apiary',
    '/api/notificationsx',
  ])('leaves %s to the gateway itself', (url) => {
    expect(routeFor('GET', url)).toBeNull();
  });

  it.each(['POST', 'GET', 'DELETE'])('answers %s /api/mcp itself: its MCP server, not a service', (method) => {
    expect(routeFor(method, '/api/mcp')).toBeNull();
    expect(isGatewayRoute(method, '/api/mcp')).toBe(true);
    expect(isGatewayRoute(method, '/api/mcp/x')).toBe(false);
  });

  it('keeps GET /api/projects/:id/boards with the project service (only POST creates a board)', () => {
    expect(routeFor('GET', '/api/projects/12/boards')?.service).toBe('project');
  });

  // The admin service calls these with the administrator's token and keeps the moderation log;
  // through the gateway they would change accounts without it.
  it.each([
    ['PUT', '/api/auth/users/4/status'],
    ['POST', '/api/auth/users/4/resend-verification'],
    ['PUT', '/api/auth/users/4'],
    ['DELETE', '/api/auth/users/4'],
    ['GET', '/api/auth/users'],
    ['PUT', '/api/auth/users/'],
    ['PUT', '/api/auth/%75sers/4/status'],
    ['PUT', '/api/auth/%75%73%65%72%73/4/status'],
    ['PUT', '/api/auth/x/../users/4/status'],
    ['PUT', '/api/auth/./users/4/status'],
    ['PUT', '/api/auth/%2e%2e/auth/users/4/status'],
    ['PUT', '/api/boards/../auth/users/4/status'],
    ['PUT', '/api/auth\\users/4/status'],
    ['PUT', '/api/auth/users/4/status?x=1'],
  ])('refuses the service-to-service route %s %s, however the path is written', (method, url) => {
    expect(routeFor(method, url)).toBeNull();
    expect(internalRouteFor(method, url)).toBe('auth');
  });

  it('still routes the public auth paths and dotted ones that resolve to them', () => {
    expect(routeFor('POST', '/api/auth/x/../login')).toEqual({
      service: 'auth',
      url: '/api/auth/x/../login',
      template: '/api/auth/*',
    });
    expect(routeFor('PUT', '/api/auth/userspace')?.service).toBe('auth');
    expect(internalRouteFor('POST', '/api/auth/login')).toBeNull();
  });
});
