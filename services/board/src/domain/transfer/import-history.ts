import { eq, inArray, sql } from 'drizzle-orm';
import { userDirectory, type Db } from '@trackboard/server-kit';
import { activity, boards } from '../../db/schema';
import { batches, importerTest, letOthersIn, type ImportTarget } from './import-batches';
import type { WrittenIssue } from './import-issues';
import type { PlannedIssue } from './import-plan';

/**
 * The history the file tells of the importer's own doings (no dashboard lines: description '');
 * what others did is theirs to tell, and the import's own line says where the issues came from.
 */
export async function writeHistory(
  db: Db,
  target: ImportTarget,
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
) {
  const isMe = importerTest(target);
  const historyRows = issueRows.flatMap(({ issue, row }) =>
    issue.history
      .filter((h) => isMe(h.actor))
      .map((h) => ({
        projectId: target.projectId,
        boardId: row.boardId,
        actorId: target.userId,
        description: '',
        issueId: issueId.get(issue)!,
        kind: h.kind,
        field: h.field,
        fromValue: h.from,
        toValue: h.to,
        createdAt: new Date(h.at),
      })),
  );
  for (const part of batches(historyRows)) {
    await letOthersIn();
    await db.insert(activity).values(part);
  }
}

/** The dashboard's line for the import, and a new version of every board the batches filled. */
export async function finishImport(db: Db, target: ImportTarget, boardIds: number[], issueCount: number) {
  const [importer] = await db
    .select({ name: userDirectory.name })
    .from(userDirectory)
    .where(eq(userDirectory.id, target.userId));
  await db.insert(activity).values({
    projectId: target.projectId,
    boardId: boardIds[0]!,
    actorId: target.userId,
    description: `${importer?.name ?? 'Someone'} imported ${issueCount} issues into ${target.projectKey}`,
  });
  // Every board answer remembered while the batches went in is stale now.
  await db
    .update(boards)
    .set({ version: sql`${boards.version} + 1` })
    .where(inArray(boards.id, boardIds));
}
