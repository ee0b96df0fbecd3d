import { and, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';

export type FreeRowsOptions = {
  /** The rows' key: what the claiming UPDATE matches on (`inArray(key, freeRows(…))`). */
  key: PgColumn;
  /** The lease: null or past means no worker holds the row. */
  claimedUntil: PgColumn;
  /** What a lease is compared with: the database's `now()`, or a service clock's time. */
  now: Date | SQL;
  /** What else makes a row due, besides being free. */
  due?: SQL;
  orderBy: PgColumn | SQL;
  limit: number;
};

/**
 * The keys of up to `limit` rows no worker holds, for an UPDATE that sets their lease. FOR UPDATE
 * SKIP LOCKED lets replicas' workers run side by side without waiting for or taking each other's
 * rows; the lease keeps a row taken after the claiming statement commits, while it is worked on,
 * and lets another worker take it over once it runs out (its holder died mid-work).
 * docs/decisions/0020-work-claimed-with-a-lease.md
 */
export function freeRows(db: Db, table: PgTable, { key, claimedUntil, now, due, orderBy, limit }: FreeRowsOptions) {
  return db
    .select({ key })
    .from(table)
    .where(and(or(isNull(claimedUntil), lt(claimedUntil, now)), due))
    .orderBy(orderBy)
    .limit(limit)
    .for('update', { skipLocked: true });
}
