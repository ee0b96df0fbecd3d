import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  accountStatuses,
  messages,
  type AccountRole,
  type AccountStatus,
  type AdminDashboardDto,
  type AdminUserDto,
  type AdminUsersQuery,
  type ModerationResponse,
  type PendingUsersResponse,
  type SuspensionRequest,
  type UserIssueDto,
  type UserSearchHit,
  type UserStatsDto,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  HttpError,
  NotFound,
  accountDirectory,
  issueDirectory,
  likePattern,
  memberships,
  toUserDto,
  type AuthUser,
  type Clock,
  type Db,
  type ServiceClient,
} from '@trackboard/server-kit';
import type { ModerationLog } from './moderation-log';
import { pageTotals, pageWindow } from './paging';
import { administrator, canAdministerAccounts, canSeeAccount, isAdmin } from './permissions';

type AccountRow = typeof accountDirectory.$inferSelect;

const toAdminUserDto = (row: AccountRow): AdminUserDto => ({
  ...toUserDto(row),
  updatedAt: row.updatedAt.toISOString(),
});

// Names sort as people read them, whatever the database's collation: case does not matter.
const sortColumns = {
  id: accountDirectory.id,
  name: sql`lower(${accountDirectory.name})`,
  email: sql`lower(${accountDirectory.email})`,
  createdAt: accountDirectory.createdAt,
} as const;

/**
 * Spec §2.16, §7.5. Reads accounts from the view the auth service publishes; every change to
 * an account goes through the auth service's API with the administrator's own token.
 */
export function createUsers({
  db,
  authService,
  clock,
  moderationLog: log,
}: {
  db: Db;
  authService: ServiceClient;
  clock: Clock;
  /** Every administrator's action on an account is recorded there. */
  moderationLog: ModerationLog;
}) {
  async function account(where: SQL): Promise<AccountRow> {
    const [row] = await db.select().from(accountDirectory).where(where);
    if (!row) throw new NotFound(messages.userNotFound);
    return row;
  }
  const byId = (id: number) => account(eq(accountDirectory.id, id));
  const byEmail = (email: string) => account(eq(sql`lower(${accountDirectory.email})`, email.trim().toLowerCase()));
  /**
   * One's own account, or any for an administrator. Refused before the lookup: another account's
   * id or e-mail answers the same 403 whether or not it exists.
   */
  const ownOrAdministered = (caller: AuthUser, account: { id: number } | { email: string }) => {
    const own =
      'id' in account
        ? canSeeAccount(caller, account.id)
        : canAdministerAccounts(caller) || caller.email.toLowerCase() === account.email.trim().toLowerCase();
    if (!own) throw new Forbidden(messages.adminOnly);
  };
  const visibleById = async (caller: AuthUser, id: number) => {
    ownOrAdministered(caller, { id });
    return byId(id);
  };
  const visibleByEmail = async (caller: AuthUser, email: string) => {
    ownOrAdministered(caller, { email });
    const row = await byEmail(email);
    if (!canSeeAccount(caller, row.id)) throw new Forbidden(messages.adminOnly);
    return row;
  };
  /** The projects the caller belongs to now. */
  const projectsOf = (caller: AuthUser) =>
    db
      .select({ id: memberships.projectId })
      .from(memberships)
      .where(eq(memberships.userId, Number(caller.id)));
  /** Issues of the projects the caller belongs to now (all of them for an administrator), as the boards show them. */
  const issuesVisibleTo = (caller: AuthUser): SQL | undefined =>
    isAdmin(caller) ? undefined : inArray(issueDirectory.projectId, projectsOf(caller));
  /** Accounts sharing a project with the caller (the caller too, once in a project); everyone for an administrator. */
  const peopleVisibleTo = (caller: AuthUser): SQL | undefined =>
    isAdmin(caller)
      ? undefined
      : inArray(
          accountDirectory.id,
          db
            .select({ id: memberships.userId })
            .from(memberships)
            .where(inArray(memberships.projectId, projectsOf(caller))),
        );
  /** Who may add members, and so needs the e-mail the add-member call takes: a project lead or an administrator. */
  async function mayInvite(caller: AuthUser): Promise<boolean> {
    if (isAdmin(caller)) return true;
    const [led] = await db
      .select({ id: memberships.projectId })
      .from(memberships)
      .where(and(eq(memberships.userId, Number(caller.id)), eq(memberships.isLead, true)))
      .limit(1);
    return led !== undefined;
  }

  /** The auth service's answer, or its error passed on as ours. */
  async function viaAuth<T>(response: Promise<Response>): Promise<T> {
    const res = await response;
    const body = await res.json().catch(() => ({}));
    if (!res.ok)
      throw new HttpError(
        res.status as HttpError['status'],
        (body as { message?: string }).message ?? messages.serviceUnavailable,
      );
    return body as T;
  }

  async function moderate(
    caller: AuthUser,
    token: string,
    id: number,
    action: 'APPROVED' | 'REJECTED',
    reason: string | null,
  ) {
    administrator(caller);
    const row = await byId(id);
    if (row.status !== 'PENDING_APPROVAL') throw new Conflict(messages.onlyPendingApproval);
    await viaAuth(
      authService('PUT', `/api/auth/users/${row.id}/status`, {
        token,
        body: { status: action === 'APPROVED' ? 'ACTIVE' : 'REJECTED', ...(reason && { reason }) },
      }),
    );
    await log.record({ userId: row.id, action, reason, actorId: Number(caller.id) });
    return { user: toAdminUserDto(await byId(id)) };
  }

  /** An administrator's account: the role or the flag (contracts' isAdmin). */
  const roleOf = (row: AccountRow): AccountRole => (isAdmin(row) ? 'admin' : 'user');

  return {
    /** The approval list and the Users page (no status: every account): filtered, searched, sorted and paged in SQL. */
    async list(caller: AuthUser, query: AdminUsersQuery): Promise<PendingUsersResponse> {
      administrator(caller);
      const filters = [
        query.status?.length ? inArray(accountDirectory.status, query.status) : undefined,
        query.searchTerm
          ? or(
              ilike(accountDirectory.name, likePattern(query.searchTerm)),
              ilike(accountDirectory.email, likePattern(query.searchTerm)),
            )
          : undefined,
      ].filter(Boolean) as SQL[];
      const where = filters.length ? and(...filters) : undefined;
      const [{ total }] = (await db.select({ total: count() }).from(accountDirectory).where(where)) as [
        { total: number },
      ];
      const order = query.sortOrder === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(query);
      const rows = await db
        .select()
        .from(accountDirectory)
        .where(where)
        .orderBy(order(sortColumns[query.sortField]), order(accountDirectory.id))
        .limit(limit)
        .offset(offset);
      return { users: rows.map(toAdminUserDto), totalUsers: Number(total), ...pageTotals(Number(total), query) };
    },

    approve: (caller: AuthUser, token: string, id: number) => moderate(caller, token, id, 'APPROVED', null),
    reject: (caller: AuthUser, token: string, id: number, reason: string | null) =>
      moderate(caller, token, id, 'REJECTED', reason),

    async resendVerification(caller: AuthUser, token: string, id: number) {
      administrator(caller);
      const row = await byId(id);
      if (row.status !== 'PENDING_VERIFICATION') throw new Conflict(messages.onlyPendingVerification);
      const sent = await viaAuth<{ message: string }>(
        authService('POST', `/api/auth/users/${row.id}/resend-verification`, { token }),
      );
      await log.record({ userId: row.id, action: 'VERIFICATION_RESENT', actorId: Number(caller.id) });
      return sent;
    },

    /**
     * An administrator or a user. The auth service refuses to demote the last active
     * administrator (409), under a lock, so two administrators demoting each other cannot leave none.
     * Asking for the role the account has already changes nothing and records nothing.
     */
    async changeRole(
      caller: AuthUser,
      token: string,
      id: number,
      role: AccountRole,
      reason: string | null,
    ): Promise<ModerationResponse> {
      administrator(caller);
      const row = await byId(id);
      if (roleOf(row) === role) return { user: toAdminUserDto(row) };
      await viaAuth(authService('PUT', `/api/auth/users/${row.id}/role`, { token, body: { role } }));
      await log.record({
        userId: row.id,
        action: role === 'admin' ? 'MADE_ADMIN' : 'MADE_USER',
        reason,
        actorId: Number(caller.id),
      });
      return { user: toAdminUserDto(await byId(id)) };
    },

    /**
     * Suspend an active account or reactivate a suspended one (approval and rejection have
     * their own calls and mails). Suspension is the auth service's: it revokes the account's sessions
     * and records `account.revoked`, which disconnects its sockets on every board replica; it refuses
     * to suspend the last active administrator (409).
     */
    async changeStatus(
      caller: AuthUser,
      token: string,
      id: number,
      status: SuspensionRequest['status'],
      reason: string | null,
    ): Promise<ModerationResponse> {
      administrator(caller);
      const row = await byId(id);
      if (status === 'SUSPENDED' && row.status !== 'ACTIVE') throw new Conflict(messages.onlyActiveSuspended);
      if (status === 'ACTIVE' && row.status !== 'SUSPENDED') throw new Conflict(messages.onlySuspendedReactivated);
      await viaAuth(authService('PUT', `/api/auth/users/${row.id}/status`, { token, body: { status } }));
      await log.record({
        userId: row.id,
        action: status === 'SUSPENDED' ? 'SUSPENDED' : 'REACTIVATED',
        reason,
        actorId: Number(caller.id),
      });
      return { user: toAdminUserDto(await byId(id)) };
    },

    async dashboard(caller: AuthUser): Promise<AdminDashboardDto> {
      administrator(caller);
      const counts = await db
        .select({ status: accountDirectory.status, n: count() })
        .from(accountDirectory)
        .groupBy(accountDirectory.status);
      const since = new Date(clock.now().getTime() - 29 * 24 * 3600 * 1000);
      since.setUTCHours(0, 0, 0, 0);
      const day = sql<string>`to_char(${accountDirectory.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const perDay = await db
        .select({ day, n: count() })
        .from(accountDirectory)
        .where(gte(accountDirectory.createdAt, since))
        .groupBy(day);
      const waiting = await db
        .select()
        .from(accountDirectory)
        .where(eq(accountDirectory.status, 'PENDING_APPROVAL'))
        .orderBy(asc(accountDirectory.createdAt), asc(accountDirectory.id))
        .limit(10);
      const found = new Map(perDay.map((d) => [d.day, Number(d.n)]));
      return {
        countsByStatus: Object.fromEntries(
          accountStatuses.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)]),
        ) as Record<AccountStatus, number>,
        registrationsPerDay: Array.from({ length: 30 }, (_, i) => {
          const date = new Date(since.getTime() + i * 24 * 3600 * 1000).toISOString().slice(0, 10);
          return { date, count: found.get(date) ?? 0 };
        }),
        longestWaiting: waiting.map((w) => ({
          id: String(w.id),
          name: w.name,
          email: w.email,
          createdAt: w.createdAt.toISOString(),
        })),
      };
    },

    // The user directory the admin lists read.
    async all(caller: AuthUser): Promise<AdminUserDto[]> {
      administrator(caller);
      return (
        await db
          .select()
          .from(accountDirectory)
          .orderBy(asc(accountDirectory.name), asc(accountDirectory.id))
          .limit(1000)
      ).map(toAdminUserDto);
    },
    async byEmail(caller: AuthUser, email: string): Promise<AdminUserDto> {
      return toAdminUserDto(await visibleByEmail(caller, email));
    },
    async update(
      caller: AuthUser,
      token: string,
      email: string,
      changes: { name?: string; bio?: string },
    ): Promise<AdminUserDto> {
      const row = await visibleByEmail(caller, email);
      await viaAuth(
        canAdministerAccounts(caller)
          ? authService('PUT', `/api/auth/users/${row.id}`, { token, body: changes })
          : authService('PUT', '/api/auth/profile', { token, body: changes }),
      );
      return toAdminUserDto(await byId(row.id));
    },
    /**
     * The auth service keeps the rules of deletion (not oneself, not a project lead). What the
     * account wrote stays; its name is gone from the directory, so it reads as a deleted user.
     */
    async remove(caller: AuthUser, token: string, id: number, reason: string | null): Promise<{ id: string }> {
      administrator(caller);
      const row = await byId(id);
      await viaAuth(authService('DELETE', `/api/auth/users/${row.id}`, { token }));
      await log.record({ userId: row.id, action: 'DELETED', reason, actorId: Number(caller.id) });
      return { id: String(row.id) };
    },
    /**
     * Active accounts by name, or by e-mail where the caller may see it: only people the caller
     * shares a project with (an administrator: everyone), so the directory of addresses is not
     * open to every account. E-mails go only to a caller who may add members; a lead adds
     * someone they share no project with by typing the exact e-mail, which the add-member call takes.
     */
    async search(caller: AuthUser, query: string): Promise<UserSearchHit[]> {
      const term = query.trim();
      if (!term) return [];
      const withEmail = await mayInvite(caller);
      const rows = await db
        .select({ id: accountDirectory.id, name: accountDirectory.name, email: accountDirectory.email })
        .from(accountDirectory)
        .where(
          and(
            eq(accountDirectory.status, 'ACTIVE'),
            peopleVisibleTo(caller),
            // Matching e-mails the caller may not see would let them guess the addresses letter by letter.
            withEmail
              ? or(ilike(accountDirectory.name, likePattern(term)), ilike(accountDirectory.email, likePattern(term)))
              : ilike(accountDirectory.name, likePattern(term)),
          ),
        )
        .orderBy(asc(accountDirectory.name), asc(accountDirectory.id))
        .limit(20);
      return rows.map((r) => ({ id: String(r.id), name: r.name, email: withEmail ? r.email : null }));
    },
    async issuesOf(caller: AuthUser, id: number): Promise<UserIssueDto[]> {
      const row = await visibleById(caller, id);
      const rows = await db
        .select()
        .from(issueDirectory)
        .where(
          and(
            or(eq(issueDirectory.owner, String(row.id)), eq(issueDirectory.reporterId, row.id)),
            issuesVisibleTo(caller),
          ),
        )
        .orderBy(desc(issueDirectory.updatedAt))
        .limit(200);
      return rows.map((i) => ({
        id: String(i.id),
        title: i.title,
        status: i.status,
        boardId: String(i.boardId),
        projectId: String(i.projectId),
      }));
    },
    async stats(caller: AuthUser, email: string): Promise<UserStatsDto> {
      const row = await visibleByEmail(caller, email);
      const [m] = await db
        .select({ all: count(), led: sql<number>`count(*) filter (where ${memberships.isLead})::int` })
        .from(memberships)
        .where(eq(memberships.userId, row.id));
      const [i] = await db
        .select({
          reported: sql<number>`count(*) filter (where ${issueDirectory.reporterId} = ${row.id})::int`,
          owned: sql<number>`count(*) filter (where ${issueDirectory.owner} = ${String(row.id)})::int`,
        })
        .from(issueDirectory)
        .where(issuesVisibleTo(caller));
      return {
        projects: Number(m?.all ?? 0),
        projectsLed: Number(m?.led ?? 0),
        issuesReported: Number(i?.reported ?? 0),
        issuesOwned: Number(i?.owned ?? 0),
      };
    },
  };
}
export type Users = ReturnType<typeof createUsers>;
