import type { IncomingMessage, ServerResponse } from 'node:http';

// CORS allowlist at the gateway: the app itself is same-origin; extra
// origins (a remote's dev server, another front end) must be listed in CORS_ORIGINS.
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
): 'preflight-done' | 'continue' {
  const origin = req.headers.origin;
  if (origin && allowed.has(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
      // X-Remote-Versions: which release of each remote the page runs.
      res.setHeader('Access-Control-Allow-Headers', 'Authorization,Content-Type,X-Remote-Versions');
      res.setHeader('Access-Control-Max-Age', '600');
      res.writeHead(204).end();
      return 'preflight-done';
    }
  }
  return 'continue';
}
