import {
  bigint,
  boolean,
  check,
  index,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EstimateScale, MemberRole } from '@trackboard/contracts';
import { outboxTable } from '@trackboard/server-kit';

export const project = pgSchema('project');

export const projects = project.table(
  'projects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 10 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the project is archived: read-only for everyone, hidden from lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** How its issues are estimated (contracts' estimates.ts); the board service reads it from project_directory. */
    estimateScale: text('estimate_scale').$type<EstimateScale>().notNull().default('none'),
    /** Whether its viewers may comment (they never change issues or the board). */
    viewersMayComment: boolean('viewers_may_comment').notNull().default(true),
  },
  (t) => [
    uniqueIndex('projects_key_key').on(t.key),
    check('projects_estimate_scale_check', sql`${t.estimateScale} in ('none', 'points', 'tshirt')`),
  ],
);

export const members = project.table(
  'members',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** member or viewer (contracts' memberRoles); the lead is the project's lead_id, and always a member. */
    role: text('role').$type<MemberRole>().notNull().default('member'),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('members_user_idx').on(t.userId),
    check('members_role_check', sql`${t.role} in ('member', 'viewer')`),
  ],
);

/** What happened in a project (member added, lead changed, …), newest first on the dashboard. */
export const activity = project.table(
  'activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_project_created_idx').on(t.projectId, t.createdAt)],
);

/**
 * A board's address saved under a name (contracts' saved-views.ts): its author's alone, or shared
 * with the project. The board is the board service's, so it is not a foreign key here; the
 * project's removal takes its views with it.
 */
export const savedViews = project.table(
  'saved_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per author and project: the 409 of a second "Open bugs".
    uniqueIndex('saved_views_project_author_name_key').on(t.projectId, t.authorId, t.name),
    index('saved_views_author_idx').on(t.authorId),
  ],
);

/**
 * An invitation to a project by e-mail: single use, valid until `expiresAt`, found by the SHA-256
 * hash of the mailed token. At most one pending per project and address (inviting again
 * replaces it); accepted and withdrawn ones stay, so their link says what became of it.
 */
export const invitations = project.table(
  'invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: bigint('accepted_by', { mode: 'number' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_pending_email_key')
      .on(t.projectId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);

/** Events recorded with the changes they describe (membership.removed, project.deleted), relayed after commit. */
export const outbox = outboxTable(project);

// The views this service publishes (memberships, project_directory, invitation_directory) are created by its
// migrations and declared once, in server-kit: exported here so drizzle-kit knows them and
// leaves them alone.
export { invitationDirectory, memberships, projectDirectory } from '@trackboard/server-kit';
