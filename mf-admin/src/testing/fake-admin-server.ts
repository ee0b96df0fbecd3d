import {
  adminSortFields,
  isAdmin,
  messages,
  type AdminUserDto,
  type ModerationAction,
  type ModerationLogEntryDto,
} from '@trackboard/contracts';
import { answer, type FakeAnswer, fakeApi, type FakeRoute, type RecordedCall } from '@trackboard/web-kit/testing';

// The admin API (with the Users page's and the moderation log's calls) as the tests see it, behind a fake `fetch`: a list of
// accounts that GET /api/admin/users filters, sorts and pages the way the server does; the
// approve, reject, resend, role, status and delete calls that change them, with the server's
// rules and messages; and the moderation log they write. `answerOnce`/`answerAlways` make a
// call fail (or hang) to observe the screen's errors and in-flight states.

const listPath = /^\/api\/admin\/users\?(.*)$/;
const actionPath = /^\/api\/admin\/users\/([^/?]+)\/(approve|reject|resend-verification|role|status)$/;
const deletePath = /^\/api\/users\/([^/?]+)$/;
const logPath = /^\/api\/admin\/moderation-log\?(.*)$/;
/** The administrator the tests sign in as (render-admin's signInAsAdmin). */
const actor = { id: '1', name: 'Root Admin', email: 'root@example.com' };

const settingsPath = '/api/auth/registration-settings';

export function fakeAdminServer(initial: AdminUserDto[], initialLog: ModerationLogEntryDto[] = []) {
  const users = initial.map((user) => ({ ...user }));
  /** Newest first, as the server answers. */
  const log = [...initialLog];
  let nextLogId = 1000;
  const record = (user: AdminUserDto, action: ModerationAction, reason?: string | null) =>
    log.unshift({
      id: String(nextLogId++),
      action,
      reason: reason || null,
      createdAt: '2024-06-01T12:00:00.000Z',
      user: { id: user.id, name: user.name, email: user.email },
      actor,
    });
  const activeAdmins = () => users.filter((u) => u.status === 'ACTIVE' && isAdmin(u));
  const overrides: { method: string; path: string | RegExp; reply: FakeRoute; once: boolean }[] = [];
  /** The auth service's registration settings, as the approval page reads and sets them. */
  const settings = { invitedNeedApproval: false };

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
    const body = (call.body ?? {}) as { role?: string; status?: string; reason?: string };
    if (action === 'resend-verification') {
      if (user.status !== 'PENDING_VERIFICATION') return answer(409, { message: messages.onlyPendingVerification });
      record(user, 'VERIFICATION_RESENT');
      return answer(200, { message: messages.verificationResent });
    }
    if (action === 'role') {
      const admin = body.role === 'admin';
      if (admin === isAdmin(user)) return answer(200, { user });
      if (!admin && user.status === 'ACTIVE' && activeAdmins().length === 1)
        return answer(409, { message: messages.lastActiveAdmin });
      Object.assign(user, { role: admin ? 'admin' : 'user', isAdmin: admin });
      record(user, admin ? 'MADE_ADMIN' : 'MADE_USER', body.reason);
      return answer(200, { user });
    }
    if (action === 'status') {
      if (body.status === 'SUSPENDED' && user.status !== 'ACTIVE')
        return answer(409, { message: messages.onlyActiveSuspended });
      if (body.status === 'ACTIVE' && user.status !== 'SUSPENDED')
        return answer(409, { message: messages.onlySuspendedReactivated });
      if (body.status === 'SUSPENDED' && isAdmin(user) && activeAdmins().length === 1)
        return answer(409, { message: messages.lastActiveAdmin });
      user.status = body.status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE';
      record(user, body.status === 'SUSPENDED' ? 'SUSPENDED' : 'REACTIVATED', body.reason);
      return answer(200, { user });
    }
    if (user.status !== 'PENDING_APPROVAL') return answer(409, { message: messages.onlyPendingApproval });
    user.status = action === 'approve' ? 'ACTIVE' : 'REJECTED';
    record(user, action === 'approve' ? 'APPROVED' : 'REJECTED', body.reason);
    return answer(200, { user });
  };

  const remove = (call: RecordedCall): FakeAnswer => {
    const id = decodeURIComponent(deletePath.exec(call.path)![1]!);
    const index = users.findIndex((u) => u.id === id);
    if (index < 0) return answer(404, { message: messages.userNotFound });
    if (id === actor.id) return answer(409, { message: messages.cannotDeleteSelf });
    const [gone] = users.splice(index, 1);
    record(gone!, 'DELETED', (call.body as { reason?: string } | undefined)?.reason);
    // The log names a deleted account no more.
    for (const entry of log) if (entry.user.id === id) entry.user = { id, name: null, email: null };
    return answer(200, { id });
  };

  const logPage = (call: RecordedCall): FakeAnswer => {
    const params = new URLSearchParams(logPath.exec(call.path)![1]);
    const userId = params.get('userId');
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const matching = log.filter((entry) => !userId || entry.user.id === userId);
    return answer(200, {
      entries: matching.slice((page - 1) * limit, page * limit),
      totalEntries: matching.length,
      totalPages: Math.ceil(matching.length / limit),
      currentPage: page,
    });
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
    } else if (call.method === 'DELETE' && deletePath.test(call.path)) {
      reply = remove(call);
    } else if (call.method === 'GET' && logPath.test(call.path)) {
      reply = logPage(call);
    } else if (call.path === settingsPath && (call.method === 'GET' || call.method === 'PUT')) {
      if (call.method === 'PUT') settings.invitedNeedApproval = (call.body as typeof settings).invitedNeedApproval;
      reply = answer(200, { ...settings });
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
    log,
    settings,
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
