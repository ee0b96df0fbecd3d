import { and, eq, sql } from 'drizzle-orm';
import { parseId, type EventOf } from '@trackboard/contracts';
import { memberships, userDirectory, type Clock, type Db } from '@trackboard/server-kit';
import { activity, issues } from '../db/schema';
import type { BoardWrites } from './board-writes';
import { issueDtoFields, onBoard, positionBelow } from './issue-dto';

/**
 * `membership.removed` (durable: one replica handles it, a failure is retried): the removed
 * member's issues in that project are unassigned, board by board, each a board write whose
 * board_updated carries them. Idempotent: a redelivery finds nothing assigned and writes nothing,
 * and a member added back before it is handled keeps their issues.
 */
export function createMemberRemoval(db: Db, { withBoardWrite }: BoardWrites, clock: Clock) {
  const answerFields = issueDtoFields(issues, positionBelow());

  return async function unassignRemoved(event: EventOf<'membership.removed'>): Promise<void> {
    const [projectId, userId] = [parseId(event.projectId), parseId(event.userId)];
    if (!projectId || !userId) return;
    const actorId = (event.actorId && parseId(event.actorId)) || userId;
    const [removed] = await db
      .select({ name: userDirectory.name })
      .from(userDirectory)
      .where(eq(userDirectory.id, userId));
    const assignedTo = and(eq(issues.projectId, projectId), eq(issues.assigneeId, userId));
    const boardIds = await db.selectDistinct({ id: issues.boardId }).from(issues).where(assignedTo);
    for (const { id } of boardIds) {
      await withBoardWrite(
        { id },
        undefined,
        async (tx) => {
          const [back] = await tx
            .select({ userId: memberships.userId })
            .from(memberships)
            .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, userId)));
          if (back) return null;
          const changed = await tx
            .update(issues)
            .set({ assigneeId: null, version: sql`${issues.version} + 1`, updatedAt: clock.now() })
            .where(and(assignedTo, eq(issues.boardId, id)))
            .returning(answerFields);
          if (changed.length === 0) return null;
          await tx.insert(activity).values(
            changed.map((issue) => ({
              projectId,
              boardId: id,
              actorId,
              description: '',
              issueId: Number(issue.id),
              kind: 'updated' as const,
              field: 'assignee',
              fromValue: removed?.name ?? null,
              toValue: null,
            })),
          );
          // A deleted issue is unassigned too (its restore must not bring back a non-member), unannounced.
          return { result: undefined, changed: onBoard(changed) };
        },
        { evenIfArchived: true },
      );
    }
  };
}
