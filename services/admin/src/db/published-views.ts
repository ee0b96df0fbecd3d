// Views other services publish for read-only joins (blueprint §3): declared here only to be
// read, never migrated by this service. Account data is changed through the auth service's API.
import { bigint, boolean, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { AccountStatus, ProfileSettings } from '@trackboard/contracts';

export const accountDirectory = pgSchema('auth')
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

export const memberships = pgSchema('project')
  .view('memberships', {
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    isLead: boolean('is_lead').notNull(),
  })
  .existing();

export const issueDirectory = pgSchema('board')
  .view('issue_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  })
  .existing();
