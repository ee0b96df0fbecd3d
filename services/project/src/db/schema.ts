import { bigint, check, index, pgSchema, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EstimateScale } from '@trackboard/contracts';
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
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('members_user_idx').on(t.userId)],
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

/** Events recorded with the changes they describe (membership.removed, project.deleted), relayed after commit. */
export const outbox = outboxTable(project);

// The views this service publishes (memberships, project_directory) are created by its
// migrations and declared once, in server-kit: exported here so drizzle-kit knows them and
// leaves them alone.
export { memberships, projectDirectory } from '@trackboard/server-kit';
