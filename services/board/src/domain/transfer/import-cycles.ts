import { sql } from 'drizzle-orm';
import type { Db } from '@trackboard/server-kit';
import { cyclePlans, cycles } from '../../db/schema';
import { batches, letOthersIn, type ImportTarget } from './import-batches';
import type { ImportPlan } from './import-plan';

/**
 * The file's cycle plan and cycles, before the issues that are in them: the same numbers and
 * days, so the timer plans on from the last (domain/cycles.ts) as the old project's would have.
 * A cycle the old project had rolled over is marked so again, so its issues stay where they
 * were. Answers each cycle's id by its number.
 */
export async function writeCycles(db: Db, target: ImportTarget, plan: ImportPlan): Promise<Map<number, number>> {
  if (plan.cyclePlan) await db.insert(cyclePlans).values({ projectId: target.projectId, ...plan.cyclePlan });
  const idOf = new Map<number, number>();
  for (const part of batches(plan.cycles ?? [])) {
    await letOthersIn();
    const rows = await db
      .insert(cycles)
      .values(
        part.map((cycle) => ({
          projectId: target.projectId,
          number: cycle.number,
          startsOn: cycle.startsOn,
          endsOn: cycle.endsOn,
          rolledOverAt: cycle.rolledOver ? sql`now()` : null,
        })),
      )
      .returning({ id: cycles.id, number: cycles.number });
    for (const row of rows) idOf.set(row.number, row.id);
  }
  return idOf;
}
