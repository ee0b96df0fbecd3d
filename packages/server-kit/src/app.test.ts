import { z } from 'zod';
import { createServiceApp } from './app';
import { Conflict, NotFound } from './errors';
import { createLogger } from './logger';
import { validate } from './validate';

const log = createLogger('test', 'silent');

function givenApp() {
  const app = createServiceApp({ service: 'demo', log, maxBodyBytes: 64, ready: async () => undefined });
  app.get('/missing', () => {
    throw new NotFound('Thing not found');
  });
  app.get('/stale', () => {
    throw new Conflict('Stale', { current: { id: '1' } });
  });
  app.get('/boom', () => {
    throw new Error('secret detail');
  });
  app.post('/things', validate('json', z.object({ name: z.string().min(1) })), (c) => c.json(c.req.valid('json'), 201));
  return app;
}

describe('service app factory', () => {
  it('answers health and readiness', async () => {
    const app = givenApp();
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok', service: 'demo' });
    expect((await app.request('/ready')).status).toBe(200);
  });

  it('reports not ready when its dependency fails', async () => {
    const app = createServiceApp({ service: 'demo', log, ready: () => Promise.reject(new Error('db down')) });
    const res = await app.request('/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', service: 'demo' });
  });

  it('maps domain errors to status and message', async () => {
    const app = givenApp();
    const missing = await app.request('/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Thing not found' });
    const stale = await app.request('/stale');
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: 'Stale', current: { id: '1' } });
  });

  it('hides unexpected errors behind a 500 without details', async () => {
    const res = await givenApp().request('/boom');
    expect(res.status).toBe(500);
    // The id a user can quote: the same as the answer's X-Request-Id header and the log line's.
    expect(await res.json()).toEqual({ message: 'Internal server error', requestId: res.headers.get('x-request-id') });
  });

  it('names the invalid field with a 400', async () => {
    const res = await givenApp().request('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":""}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^name: /);
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await givenApp().request('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('refuses bodies over the limit with a 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(200) });
    const res = await givenApp().request('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers unknown paths with a JSON 404 and sets security headers', async () => {
    const res = await givenApp().request('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  // The caller's projects, issues and tokens: no shared cache (a proxy, a CDN) may keep them.
  it('answers every /api request with Cache-Control: no-store, unless its route chose otherwise', async () => {
    const app = givenApp();
    app.get('/api/things/:id', (c) => c.json({ id: c.req.param('id') }));
    app.get('/api/missing', () => {
      throw new NotFound('Thing not found');
    });
    app.get('/api/revalidated', (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json({});
    });
    for (const path of ['/api/things/1', '/api/missing', '/api/nowhere'])
      expect((await app.request(path)).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/revalidated')).headers.get('cache-control')).toBe('private, no-cache');
    // Not under /api: probes and the OpenAPI document, nothing of anyone's.
    expect((await app.request('/health')).headers.get('cache-control')).toBeNull();
  });
});
