// Views other services publish for read-only joins (blueprint §3): declared here only to be
// read, never migrated by this service.
import { bigint, boolean, pgSchema, text } from 'drizzle-orm/pg-core';

export const memberships = pgSchema('project')
  .view('memberships', {
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    isLead: boolean('is_lead').notNull(),
    projectKey: text('project_key').notNull(),
  })
  .existing();

export const userDirectory = pgSchema('auth')
  .view('user_directory', { id: bigint('id', { mode: 'number' }).notNull(), name: text('name').notNull(), email: text('email').notNull(), avatarUrl: text('avatar_url') })
  .existing();
