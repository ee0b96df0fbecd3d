// The read-only views services publish for each other (one writer per table;
// others read what the owner publishes). Each view is declared here once and nowhere else:
// the owner creates it in its migrations (SQL) and re-exports this declaration from its
// drizzle schema, so drizzle-kit leaves the view alone; every reader uses the same
// declaration. gateway/src/published-views.test.ts checks these columns against what the
// migrations create.
import { bigint, boolean, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountStatus, EstimateScale, ProfileSettings } from '@trackboard/contracts';

const auth = pgSchema('auth');
const project = pgSchema('project');
const board = pgSchema('board');

/** auth: live, unrevoked sessions with the account's current status and role (every service resolves tokens here). */
export const liveSessions = auth
  .view('live_sessions', {
    sessionId: uuid('session_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    role: text('role').notNull(),
    isAdmin: boolean('is_admin').notNull(),
  })
  .existing();

/**
 * auth: personal access tokens that are neither revoked nor expired (now() in SQL),
 * by the SHA-256 hash of the token, with the account's current e-mail, status and role — so a
 * suspended account's tokens stop working and work again once it is reactivated. `touch_due`:
 * last used over a minute ago (or never), when readers call `auth.touch_access_token(token_id)`.
 */
export const liveAccessTokens = auth
  .view('live_access_tokens', {
    tokenHash: text('token_hash').notNull(),
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    role: text('role').notNull(),
    isAdmin: boolean('is_admin').notNull(),
    touchDue: boolean('touch_due').notNull(),
  })
  .existing();

/** auth: who an account is, for names next to ids. */
export const userDirectory = auth
  .view('user_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    avatarUrl: text('avatar_url'),
  })
  .existing();

/** auth: every account field but the password hash (the admin service's list). */
export const accountDirectory = auth
  .view('account_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    bio: text('bio').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role').notNull(),
    isAdmin: boolean('is_admin').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    profileSettings: jsonb('profile_settings').$type<ProfileSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  })
  .existing();

/** project: who belongs to which project, and who leads it. */
export const memberships = project
  .view('memberships', {
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    isLead: boolean('is_lead').notNull(),
    /** Reads the project, changes nothing (comments where the project allows: project_directory). */
    isViewer: boolean('is_viewer').notNull(),
    projectKey: text('project_key').notNull(),
  })
  .existing();

/** project: every project's key and name (search offers projects by either), and whether it is archived. */
export const projectDirectory = project
  .view('project_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Archived projects are read-only (their boards refuse writes) and left out of search. */
    archived: boolean('archived').notNull(),
    /** Its issues' estimate scale (contracts' estimates.ts): what an estimate may be, and whether boards show them. */
    estimateScale: text('estimate_scale').$type<EstimateScale>().notNull(),
    /** Whether the project's viewers may comment. */
    viewersMayComment: boolean('viewers_may_comment').notNull(),
  })
  .existing();

/**
 * project: invitations still open (neither accepted nor withdrawn), by the SHA-256 hash of the
 * mailed token: the auth service registers someone new through one, with its e-mail.
 */
export const invitationDirectory = project
  .view('invitation_directory', {
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  })
  .existing();

/** board: each project's boards, oldest first. */
export const projectBoards = board
  .view('project_boards', {
    id: bigint('id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  })
  .existing();

/** board: issues, for dashboards and user pages. */
export const issueDirectory = board
  .view('issue_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    /** `{PROJECT_KEY}-{number}`. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    /** The assignee's id as text, '' when unassigned (what the free-text owner was read as). */
    owner: text('owner').notNull(),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    priority: text('priority').notNull(),
    type: text('type').notNull(),
  })
  .existing();

/** board: what happened on boards (issues created, moved, commented), for the dashboards. */
export const activityFeed = board
  .view('activity_feed', {
    id: bigint('id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The key of the issue the line is about, while that issue exists; else null. */
    issueKey: text('issue_key'),
  })
  .existing();

/** Every published view, for the test that holds these declarations to the migrations. */
export const publishedViews = [
  liveSessions,
  liveAccessTokens,
  userDirectory,
  accountDirectory,
  memberships,
  projectDirectory,
  invitationDirectory,
  projectBoards,
  issueDirectory,
  activityFeed,
];
