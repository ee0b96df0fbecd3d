import { z } from 'zod';
import { accountStatuses, type AccountStatus } from './account';
import type { UserDto } from './auth';
import { messages } from './messages';
import { lineText, multiLineText } from './text';

// The admin service's calls (spec §2.16, §7.5).

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
export type AdminUserDto = UserDto & { updatedAt: string };
export type PendingUsersResponse = {
  users: AdminUserDto[];
  totalPages: number;
  totalUsers: number;
  currentPage: number;
};

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
export type ModerationResponse = { user: AdminUserDto };

export type AdminDashboardDto = {
  countsByStatus: Record<AccountStatus, number>;
  /** The last 30 days, oldest first, days without registrations included. */
  registrationsPerDay: { date: string; count: number }[];
  /** Accounts awaiting approval the longest, oldest first. */
  longestWaiting: { id: string; name: string; email: string; createdAt: string }[];
};

export const UserUpdateRequest = z
  .object({
    name: lineText().trim().min(1, 'is required').max(100, 'is too long').optional(),
    bio: multiLineText().max(2000, 'is too long').optional(),
  })
  .strict()
  .refine((u) => u.name !== undefined || u.bio !== undefined, { message: messages.noChanges });

export type UserStatsDto = { projects: number; projectsLed: number; issuesReported: number; issuesOwned: number };
export type UserIssueDto = { id: string; title: string; status: string; boardId: string; projectId: string };
