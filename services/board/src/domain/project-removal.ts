import { eq } from 'drizzle-orm';
import { parseId, type EventOf } from '@trackboard/contracts';
import { handleOnce, type Db } from '@trackboard/server-kit';
import { activity, boards, cyclePlans, cycles, handledEvents, importJobs, issueNumbers } from '../db/schema';

/**
 * `project.deleted`: the project's boards go, and with them (foreign keys, on delete cascade)
 * their columns, issues, labels, comments and reactions; so do the project's board activity, its
 * cycles and their plan, and its issue counter, and an import job that made it no longer points at it (the job stays, its
 * owner's record). Once per event: a redelivery finds it handled and removes nothing. Returns
 * the boards removed, whose rooms are then told and emptied.
 */
export function createProjectRemoval(db: Db) {
  return async function removeProject(event: EventOf<'project.deleted'>) {
    const projectId = parseId(event.projectId);
    if (!projectId) return [];
    const handled = await handleOnce(db, handledEvents, event, async (tx) => {
      const gone = await tx.delete(boards).where(eq(boards.projectId, projectId)).returning();
      await tx.delete(activity).where(eq(activity.projectId, projectId));
      await tx.delete(issueNumbers).where(eq(issueNumbers.projectId, projectId));
      await tx.delete(cycles).where(eq(cycles.projectId, projectId));
      await tx.delete(cyclePlans).where(eq(cyclePlans.projectId, projectId));
      await tx.update(importJobs).set({ projectId: null }).where(eq(importJobs.projectId, projectId));
      return gone;
    });
    return handled?.result ?? [];
  };
}
