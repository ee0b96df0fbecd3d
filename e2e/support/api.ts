import type { Page } from 'playwright-core';
import type { BoardDto, IssueDto, ModerationResponse, ProjectDto, SessionResponse } from '@trackboard/contracts';
import { verificationTokenFromMailFolder } from './mail';
import { until } from './poll';
import { uniqueEmail } from './unique';

/**
 * Talks to a running app's API the way the browser does, to arrange a journey's state; `headers`
 * go with every request (a shared app's journey names its client address in them).
 */
export function apiOf(app: { url: string; dataDir: string }, headers: () => Record<string, string> = () => ({})) {
  async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...headers(),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const login = (email: string, password: string) =>
    call<SessionResponse>('POST', '/api/auth/login', { email, password });

  return {
    call,
    login,
    /** Registered, verified through the mail folder and approved by the admin, then signed in. */
    async activeUser(
      admin: SessionResponse,
      name: string,
    ): Promise<SessionResponse & { email: string; password: string }> {
      const email = uniqueEmail(name);
      const password = 'journey password';
      const { user } = await call<SessionResponse>('POST', '/api/auth/register', { name, email, password });
      await call('POST', '/api/auth/verify-email', { token: verificationTokenFromMailFolder(app.dataDir, email) });
      await call<ModerationResponse>('PUT', `/api/admin/users/${user.id}/approve`, undefined, admin.token);
      return { ...(await login(email, password)), email, password };
    },
    createProject: (session: SessionResponse, name: string, key: string) =>
      call<ProjectDto>('POST', '/api/projects', { name, key }, session.token),
    addMember: (session: SessionResponse, key: string, email: string) =>
      call<ProjectDto>('POST', `/api/projects/${key}/members`, { email }, session.token),
    /** An issue made as if someone had added it earlier: a task of medium priority, in To Do unless `column` says. */
    createIssue: (
      session: SessionResponse,
      board: BoardDto,
      title: string,
      { column = 'To Do', description = '' }: { column?: string; description?: string } = {},
    ) =>
      call<IssueDto>(
        'POST',
        '/api/issues',
        {
          projectId: board.projectId,
          columnId: board.columns.find((c) => c.name === column)!.id,
          title,
          description,
          type: 'TASK',
          priority: 'MEDIUM',
        },
        session.token,
      ),
  };
}

/** The newest verification mail to `email`; the mail is written while the request answers, so look again briefly. */
export function verificationToken(dataDir: string, email: string): Promise<string> {
  return until(() => verificationTokenFromMailFolder(dataDir, email), {
    timeoutMs: 10_000,
    what: `a verification mail to ${email}`,
    retryOnError: true,
  });
}

/** Signs a page in as the web app does after login: `token` and `user` in localStorage. */
export async function signIn(page: Page, session: SessionResponse): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}
