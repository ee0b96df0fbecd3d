import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessTokenRevocationReason, SessionDto } from '@trackboard/contracts';

type SessionMethod = SessionDto['method'];
import { outboxTable } from '@trackboard/server-kit';

export const auth = pgSchema('auth');

/**
 * The app's registration rules an administrator sets: one row (id 1), made by its migration.
 * `invitedNeedApproval`: someone registering through an invitation waits for approval like anyone.
 */
export const registrationSettings = auth.table(
  'registration_settings',
  {
    id: integer('id').primaryKey().default(1),
    invitedNeedApproval: boolean('invited_need_approval').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('registration_settings_one_row', sql`${t.id} = 1`)],
);

export const accountStatus = auth.enum('account_status', [
  'PENDING_VERIFICATION',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
]);

export const users = auth.table(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null for an account made by single sign-on: it has no password until a reset gives it one. */
    passwordHash: text('password_hash'),
    status: accountStatus('status').notNull().default('PENDING_VERIFICATION'),
    role: text('role').notNull().default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    bio: text('bio').notNull().default(''),
    avatarUrl: text('avatar_url'),
    profileSettings: jsonb('profile_settings')
      .$type<{
        fontSize: 'SMALL' | 'MEDIUM' | 'LARGE';
        highContrast: boolean;
        themePreference: 'LIGHT' | 'DARK' | 'SYSTEM';
      }>()
      .notNull()
      .default({ fontSize: 'MEDIUM', highContrast: false, themePreference: 'SYSTEM' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** One row per login; logout, rejection and suspension revoke them. */
export const sessions = auth.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Where it started, for the owner's list of sessions: the browser's User-Agent, the address, the way in. */
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    method: text('method').$type<SessionMethod>().notNull().default('password'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** E-mail verification: single-use random tokens, stored only as their SHA-256 hash. */
export const verificationTokens = auth.table(
  'verification_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_tokens_hash_key').on(t.tokenHash),
    index('verification_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Password reset links: single-use random tokens valid for an hour, stored only as
 * their SHA-256 hash. Used ones stay (with used_at), so a link opened again is told apart from
 * one that never existed.
 */
export const passwordResetTokens = auth.table(
  'password_reset_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Personal access tokens: `tb_pat_` + 32 random bytes, stored only as the SHA-256 hash
 * of the whole token. A token acts as its user with the account's current status and role, read
 * through the published view `auth.live_access_tokens` (migration 0006). Revoking keeps the row
 * (revoked_at), so the list and the limit count live tokens only. A revocation the owner did not
 * make themselves has its reason (a new password), and the list shows those for a while.
 */
export const accessTokens = auth.table(
  'access_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason').$type<AccessTokenRevocationReason>(),
  },
  (t) => [uniqueIndex('access_tokens_hash_key').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

/** An account's identity at the OpenID provider (issuer and subject): how single sign-on finds it again. */
export const externalIdentities = auth.table(
  'external_identities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);

/**
 * One single sign-on in progress, found by the SHA-256 hash of its state (also held in the
 * browser's cookie, so only the browser that started it can finish it): the PKCE verifier and the
 * nonce until the provider answers, then what the answer decided, until the page collects it once.
 */
export const ssoLogins = auth.table(
  'sso_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    outcome: jsonb('outcome').$type<SsoOutcome>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sso_logins_state_hash_key').on(t.stateHash), index('sso_logins_expires_idx').on(t.expiresAt)],
);

/** What a provider's answer decided: sign this account in, have its password confirm a link, or say why not. */
export type SsoOutcome =
  | {
      kind: 'signIn' | 'link';
      userId: number;
      email: string;
      issuer: string;
      subject: string;
      /** In the provider's administrators' group. */
      admin: boolean;
    }
  | { kind: 'failed'; status: 401 | 403 | 503; message: string };

/** Events recorded with the changes they describe (session and account revocations), relayed after commit. */
export const outbox = outboxTable(auth);

// The views this service publishes (live_sessions, live_access_tokens, user_directory, account_directory) are
// created by its migrations and declared once, in server-kit: exported here so drizzle-kit
// knows them and leaves them alone.
export { accountDirectory, liveAccessTokens, liveSessions, userDirectory } from '@trackboard/server-kit';
