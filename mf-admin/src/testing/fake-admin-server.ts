import { adminSortFields, messages, type AdminUserDto } from '@trackboard/contracts';
import {
  answer,
  fakeApi,
  type FakeAnswer,
  type FakeRoute,
  type RecordedCall,
} from '@trackboard/web-kit/src/testing/fake-api';

// The admin API of spec §7.5 as the tests see it, behind a fake `fetch`: a list of accounts
// that GET /api/admin/users filters, sorts and pages the way the server does, and the
// approve, reject and resend calls that move them along. `answerOnce`/`answerAlways` make a
// call fail (or hang) to observe the screen's errors and in-flight states.

const listPath = /^\/api\/admin\/users\?(.*)$/;
const actionPath = /^\/api\/admin\/users\/([^/?]+)\/(approve|reject|resend-verification)$/;

export function fakeAdminServer(initial: AdminUserDto[]) {
  const users = initial.map((user) => ({ ...user }));
  const overrides: { method: string; path: string | RegExp; reply: FakeRoute; once: boolean }[] = [];

  const list = (call: RecordedCall): FakeAnswer => {
    const params = new URLSearchParams(listPath.exec(call.path)![1]);
    const statuses = params.getAll('status');
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const term = (params.get('searchTerm') ?? '').trim().toLowerCase();
    const sortField = (params.get('sortField') ?? 'createdAt') as (typeof adminSortFields)[number];
    const direction = params.get('sortOrder') === 'asc' ? 1 : -1;
    const matching = users
      .filter((user) => statuses.length === 0 || statuses.includes(user.status))
      .filter((user) => !term || user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term))
      .sort((a, b) => direction * compare(a[sortField], b[sortField]) || compare(a.id, b.id));
    return answer(200, {
      users: matching.slice((page - 1) * limit, page * limit),
      totalPages: Math.ceil(matching.length / limit),
      totalUsers: matching.length,
      currentPage: page,
    });
  };

  const act = (call: RecordedCall): FakeAnswer => {
    const [, id, action] = actionPath.exec(call.path)!;
    const user = users.find((u) => u.id === decodeURIComponent(id!));
    if (!user) return answer(404, { message: messages.userNotFound });
    if (action === 'resend-verification') {
      return user.status === 'PENDING_VERIFICATION'
        ? answer(200, { message: messages.verificationResent })
        : answer(409, { message: messages.onlyPendingVerification });
    }
    if (user.status !== 'PENDING_APPROVAL') return answer(409, { message: messages.onlyPendingApproval });
    user.status = action === 'approve' ? 'ACTIVE' : 'REJECTED';
    return answer(200, { user });
  };

  const server = fakeApi();
  server.fetch.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    server.calls.push(call);
    const index = overrides.findIndex(
      (o) => o.method === call.method && (typeof o.path === 'string' ? o.path === call.path : o.path.test(call.path)),
    );
    let reply: FakeAnswer;
    if (index >= 0) {
      const override = overrides[index]!;
      if (override.once) overrides.splice(index, 1);
      reply = typeof override.reply === 'function' ? await override.reply(call) : override.reply;
    } else if (call.method === 'GET' && listPath.test(call.path)) {
      reply = list(call);
    } else if ((call.method === 'PUT' || call.method === 'POST') && actionPath.test(call.path)) {
      reply = act(call);
    } else {
      reply = answer(404, { message: 'Not found' });
    }
    return toResponse(reply);
  });

  /** "METHOD /path" with an exact path, or a method and a pattern. */
  const parse = (route: string | [string, RegExp]) => {
    if (Array.isArray(route)) return { method: route[0], path: route[1] };
    const [method, path] = route.split(' ');
    return { method: method!, path: path! };
  };

  return {
    users,
    calls: server.calls,
    fetch: server.fetch,
    /** The calls to one route, e.g. `callsTo('PUT /api/admin/users/7/approve')`. */
    callsTo: (route: string) => server.calls.filter((call) => `${call.method} ${call.path}` === route),
    /** The query strings GET /api/admin/users was asked with, in order. */
    listQueries: () =>
      server.calls
        .filter((call) => call.method === 'GET' && listPath.test(call.path))
        .map((call) => listPath.exec(call.path)![1]!),
    /** The next matching call gets this reply instead of the fake server's. */
    answerOnce(route: string | [string, RegExp], reply: FakeRoute) {
      overrides.push({ ...parse(route), reply, once: true });
    },
    /** Every matching call gets this reply from now on. */
    answerAlways(route: string | [string, RegExp], reply: FakeRoute) {
      overrides.push({ ...parse(route), reply, once: false });
    },
  };
}

function compare(a: unknown, b: unknown): number {
  const numeric = typeof a === 'string' && typeof b === 'string' && /^\d+$/.test(a) && /^\d+$/.test(b);
  if (numeric) return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

function toResponse({ status, body }: FakeAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}
