import { z } from 'zod';
import { accountStatuses } from './account';
import { UserDto } from './auth';
import { Id } from './ids';
import { messages } from './messages';
import { lineText, multiLineText } from './text';

// The admin service's calls.

export const adminSortFields = ['id', 'name', 'email', 'createdAt'] as const;

const many = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** GET /admin/users: `status` may repeat; pages count from 1; default createdAt descending. */
export const AdminUsersQuery = z
  .object({
    status: many(z.enum(accountStatuses)).optional(),
    page: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(1),
    limit: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(100, 'must be 100 or less')
      .default(10),
    searchTerm: lineText().trim().max(200, 'is too long').default(''),
    sortField: z.enum(adminSortFields).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** Every field of an account an administrator may see (no password hash). */
export const AdminUserDto = UserDto.extend({ updatedAt: z.string() });
export type AdminUserDto = z.infer<typeof AdminUserDto>;
export const PendingUsersResponse = z.object({
  users: z.array(AdminUserDto),
  totalPages: z.number().int(),
  totalUsers: z.number().int(),
  currentPage: z.number().int(),
});
export type PendingUsersResponse = z.infer<typeof PendingUsersResponse>;

const EmailText = lineText({ error: 'is required' }).trim().min(1, 'is required').max(254, 'is too long');
/** GET /users: one account by e-mail, or (without `email`) the whole directory. */
export const UserListQuery = z.object({ email: EmailText.optional() });
/** GET /users/stats and PUT /users: the account by e-mail. */
export const UserEmailQuery = z.object({ email: EmailText });
/** GET /users/search: active accounts by name or e-mail. */
export const UserSearchQuery = z.object({ query: lineText().max(200, 'is too long').default('') });

export const RejectRequest = z
  .object({ reason: multiLineText().trim().max(1000, 'is too long').optional().nullable() })
  .strict();
export const ModerationResponse = z.object({ user: AdminUserDto });
export type ModerationResponse = z.infer<typeof ModerationResponse>;

export const AdminDashboardDto = z.object({
  countsByStatus: z.record(z.enum(accountStatuses), z.number().int()),
  /** The last 30 days, oldest first, days without registrations included. */
  registrationsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Accounts awaiting approval the longest, oldest first. */
  longestWaiting: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() })),
});
export type AdminDashboardDto = z.infer<typeof AdminDashboardDto>;

export const UserUpdateRequest = z
  .object({
    name: lineText().trim().min(1, 'is required').max(100, 'is too long').optional(),
    bio: multiLineText().max(2000, 'is too long').optional(),
  })
  .strict()
  .refine((u) => u.name !== undefined || u.bio !== undefined, { message: messages.noChanges });

export const UserStatsDto = z.object({
  projects: z.number().int(),
  projectsLed: z.number().int(),
  issuesReported: z.number().int(),
  issuesOwned: z.number().int(),
});
export type UserStatsDto = z.infer<typeof UserStatsDto>;
export const UserIssueDto = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  boardId: z.string(),
  projectId: z.string(),
});
export type UserIssueDto = z.infer<typeof UserIssueDto>;
/**
 * GET /users/search: active accounts the caller shares a project with (an administrator: every
 * one), by name, or by e-mail for a caller who may add members. `email` is null for a caller who
 * leads no project and is no administrator: a co-member's address is not theirs to collect.
 */
export const UserSearchHit = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type UserSearchHit = z.infer<typeof UserSearchHit>;
/** DELETE /users/:id: the account that is gone. */
export const DeletedUser = z.object({ id: z.string() });

// User management: every account, its role and status, deletion, and the moderation log.

export const accountRoles = ['admin', 'user'] as const;
export type AccountRole = (typeof accountRoles)[number];

/** An optional reason, kept in the moderation log (never shown to the user). */
const ModerationReason = multiLineText().trim().max(1000, 'is too long').optional().nullable();

/** PUT /admin/users/:id/role. */
export const RoleChangeRequest = z.object({ role: z.enum(accountRoles), reason: ModerationReason }).strict();
export type RoleChangeRequest = z.infer<typeof RoleChangeRequest>;
/** PUT /auth/users/:id/role: the auth service's own route, called by the admin service (which keeps the reason). */
export const AccountRoleChange = z.object({ role: z.enum(accountRoles) }).strict();

/** PUT /admin/users/:id/status: suspension and reactivation only (approval has its own calls). */
export const SuspensionRequest = z
  .object({ status: z.enum(['SUSPENDED', 'ACTIVE']), reason: ModerationReason })
  .strict();
export type SuspensionRequest = z.infer<typeof SuspensionRequest>;

/** DELETE /users/:id may carry a reason for the log; no body at all is the same as none. */
export const UserDeletionRequest = z.object({ reason: ModerationReason }).strict();

/** What the moderation log records, one row per administrator's action. */
export const moderationActions = [
  'APPROVED',
  'REJECTED',
  'SUSPENDED',
  'REACTIVATED',
  'MADE_ADMIN',
  'MADE_USER',
  'VERIFICATION_RESENT',
  'DELETED',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** GET /admin/moderation-log: newest first, paged as the user list is; `userId` keeps one user's rows. */
export const ModerationLogQuery = z
  .object({
    userId: Id.optional(),
    page: AdminUsersQuery.shape.page,
    limit: AdminUsersQuery.shape.limit,
  })
  .strict();
export type ModerationLogQuery = z.infer<typeof ModerationLogQuery>;

/** An account in the log: `name` and `email` are null once the account is deleted ("Deleted user"). */
export const LoggedAccount = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export type LoggedAccount = z.infer<typeof LoggedAccount>;
export const ModerationLogEntryDto = z.object({
  id: z.string(),
  action: z.enum(moderationActions),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** The account acted on. */
  user: LoggedAccount,
  /** The administrator who acted. */
  actor: LoggedAccount,
});
export type ModerationLogEntryDto = z.infer<typeof ModerationLogEntryDto>;
export const ModerationLogResponse = z.object({
  entries: z.array(ModerationLogEntryDto),
  totalEntries: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export type ModerationLogResponse = z.infer<typeof ModerationLogResponse>;
