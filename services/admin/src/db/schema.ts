import { bigint, index, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModerationAction } from '@trackboard/contracts';

export const admin = pgSchema('admin');

/** Who did what to which account (approval, rejection, suspension, role, deletion …), when, and why. */
export const moderationLog = admin.table(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action').$type<ModerationAction>().notNull(),
    reason: text('reason'),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_user_idx').on(t.userId)],
);
