import { eq } from 'drizzle-orm';
import { isEstimateOn, messages, type EstimateScale } from '@trackboard/contracts';
import { Invalid, projectDirectory, type Db } from '@trackboard/server-kit';

/** How the project's issues are estimated, as the project service publishes it ('none' once it is gone). */
export async function estimateScaleOf(db: Db, projectId: number): Promise<EstimateScale> {
  const [row] = await db
    .select({ scale: projectDirectory.estimateScale })
    .from(projectDirectory)
    .where(eq(projectDirectory.id, projectId));
  return row?.scale ?? 'none';
}

/**
 * An estimate a write may set: null (cleared) always, a number only when it is on the project's
 * scale. Both scales share their values, and turning estimates off keeps them (hidden), so a
 * write racing a change of the scale never stores what the board could not show.
 */
export async function checkEstimate(db: Db, projectId: number, estimate: number | null | undefined): Promise<void> {
  if (estimate === undefined || estimate === null) return;
  const scale = await estimateScaleOf(db, projectId);
  if (scale === 'none') throw new Invalid(messages.estimatesOff);
  if (!isEstimateOn(scale, estimate)) throw new Invalid(messages.estimateNotOnScale(scale));
}
