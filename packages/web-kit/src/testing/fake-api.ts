// Tests stand in for the server at the network boundary: `fetch` is replaced, our modules
// (API client, session store, screens) run as they do in the browser.

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  /** Path with query, e.g. `/api/auth/login`. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeRoute = FakeAnswer | ((call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>);

export const answer = (status: number, body?: unknown): FakeAnswer => ({ status, body });

function toResponse({ status, body }: FakeAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text),
    // A download's bytes: a string body as the text it is (a CSV, a file), anything else as its JSON.
    blob: async () => new Blob([typeof body === 'string' ? body : text]),
  } as Response;
}

/**
 * Installs a fake `fetch` answering `"METHOD /path"` routes; anything else answers 404.
 * `calls` records every request in order.
 */
export function fakeApi(routes: Record<string, FakeRoute> = {}) {
  const table = new Map(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = table.get(`${call.method} ${call.path}`);
    if (!route) return toResponse(answer(404, { message: 'Not found' }));
    return toResponse(typeof route === 'function' ? await route(call) : route);
  });
  global.fetch = fetchMock as typeof fetch;
  return {
    calls,
    fetch: fetchMock,
    /** Adds or replaces a route. */
    on(route: string, reply: FakeRoute) {
      table.set(route, reply);
    },
    /** The calls made to one route, e.g. `callsTo('PUT /api/users/profile')`. */
    callsTo(route: string) {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}

/** An answer the test releases when it wants, to observe in-flight states ("Saving..."). */
export function heldAnswer() {
  let release!: (reply: FakeAnswer) => void;
  const promise = new Promise<FakeAnswer>((resolve) => (release = resolve));
  return { route: () => promise, release };
}
