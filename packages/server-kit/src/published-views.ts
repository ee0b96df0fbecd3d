// The read-only views services publish for each other's joins (blueprint §3: one writer per
// table; others read what the owner publishes). Each is created by its owner's migrations;
// these declarations only read them, so a consumer never touches another service's tables.
import { bigint, boolean, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { AccountStatus, ProfileSettings } from '@trackboard/contracts';

const auth = pgSchema('auth');
const project = pgSchema('project');
const board = pgSchema('board');

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
    projectKey: text('project_key').notNull(),
  })
  .existing();

/** board: each project's boards. */
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
    title: text('title').notNull(),
    status: text('status').notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  })
  .existing();

/** board: what happened on boards, for the dashboards. */
export const boardActivity = board
  .view('activity_feed', {
    id: bigint('id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  })
  .existing();
