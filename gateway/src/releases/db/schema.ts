import { bigint, integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RemoteName } from '@trackboard/contracts';

// The gateway's release table: which version of each remote users load. PostgreSQL in
// split mode; embedded, the one PGlite database in the data folder.
export const gateway = pgSchema('gateway');

/** One row per remote that has left its bundled build or has a canary; no row = the bundled build, no canary. */
export const releases = gateway.table('releases', {
  remote: text('remote').$type<RemoteName>().primaryKey(),
  current: text('current').notNull(),
  canary: text('canary'),
  canaryShare: integer('canary_share').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of the table: who, when, from → to. */
export const releaseChanges = gateway.table('release_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  remote: text('remote').$type<RemoteName>().notNull(),
  what: text('what').$type<'current' | 'canary'>().notNull(),
  from: text('from_version'),
  to: text('to_version'),
  share: integer('share'),
  actorId: bigint('actor_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Canary load failures the shell reported, counted per version. */
export const loadFailures = gateway.table(
  'load_failures',
  {
    remote: text('remote').$type<RemoteName>().notNull(),
    version: text('version').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessage: text('last_message'),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);
