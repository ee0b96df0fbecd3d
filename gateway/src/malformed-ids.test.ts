import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { internalRouteFor, routeFor, serviceNames, type ServiceName } from './route-table';

// Every route with a path parameter, as the services register them, reached through the
// gateway's route table: a malformed id (or project key) is a 400 that names the parameter,
// never a 404 that hides the mistake and never a 500 (docs/security.md: input).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const malformedIds = ['abc', '0', '-1', '1.5', '1e3', '1'.repeat(30)];
const malformedKeys = ['1.5', 'a-b', 'ABCDEFGHIJK', '%20'];
// A task's index counts from 0, so 0 is well formed there.
const malformed = (param: string) =>
  param === 'key' ? malformedKeys : param === 'index' ? malformedIds.filter((v) => v !== '0') : malformedIds;
/** A well-formed value for the other parameters of the same path. */
const wellFormed = (param: string) => (param === 'key' ? 'NOSUCHKEY' : '987654');

type Route = { service: ServiceName; method: string; path: string; params: string[] };

/** The routes the service apps register (middleware and duplicates left out) with path parameters. */
function routesWithParams(): Route[] {
  const seen = new Map<string, Route>();
  for (const service of serviceNames) {
    for (const { method, path } of t.platform.apps[service].routes) {
      const params = path
        .split('/')
        .filter((part) => part.startsWith(':'))
        .map((part) => part.slice(1));
      if (method !== 'ALL' && params.length > 0) seen.set(`${method} ${path}`, { service, method, path, params });
    }
  }
  return [...seen.values()];
}

/** The path with `param` set to `value` and every other parameter well formed. */
const fill = (route: Route, param: string, value: string) =>
  route.path.replace(/:(\w+)/g, (_whole, name: string) => (name === param ? value : wellFormed(name)));

describe('malformed ids in paths', () => {
  it('finds the routes of every service that take a path parameter', () => {
    const services = new Set(routesWithParams().map((r) => r.service));
    expect([...services].sort()).toEqual([...serviceNames].sort());
  });

  it('answers every one with a 400 naming the parameter, for users and administrators alike', async () => {
    const callers = { user: (await t.givenUser()).token, admin: (await t.admin()).token };
    const answers: { call: string; status: number; message: unknown }[] = [];
    const expected: typeof answers = [];
    for (const route of routesWithParams()) {
      for (const param of route.params) {
        for (const value of malformed(param)) {
          const path = fill(route, param, value);
          // The gateway must send it to the service that registered the route, unless it is a
          // service-to-service route: then that service is called directly, as its callers do.
          const internal = internalRouteFor(route.method, path);
          const service = internal ?? routeFor(route.method, path)?.service;
          expect({ path, service }).toEqual({ path, service: route.service });
          for (const [who, token] of Object.entries(callers)) {
            const res = internal
              ? await t.platform.apps[internal].request(path, {
                  method: route.method,
                  headers: { authorization: `Bearer ${token}` },
                })
              : await t.request(route.method, path, { token });
            const call = `${who} ${route.method} ${path}`;
            const { message } = (await res.json()) as { message?: unknown };
            answers.push({ call, status: res.status, message });
            expected.push({ call, status: 400, message: expect.stringMatching(new RegExp(`^${param}: `)) });
          }
        }
      }
    }
    expect(answers).toEqual(expected);
  });
});
