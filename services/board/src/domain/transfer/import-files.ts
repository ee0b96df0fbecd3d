import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@trackboard/server-kit';
import { attachments, issues } from '../../db/schema';
import type { AttachmentSettings } from '../attachments/attachments';
import { sniffFile } from '../attachments/file-kind';
import { thumbnailKey } from '../attachments/file-removals';
import { receiveFile } from '../attachments/received-file';
import { letOthersIn, type ImportTarget } from './import-batches';
import type { WrittenIssue } from './import-issues';
import type { PlannedIssue } from './import-plan';

// The files of an export with files, stored as the imported issues' attachments the way an
// upload stores one (attachments.ts): through the scratch folder, sniffed, thumbnailed when an
// image, put in the file store, then recorded, so no row names a file the store lacks. Each is
// the importer's (docs/decisions/0001-import-acts-as-its-importer.md), with the file's date. The
// limits were checked when the file was read (read-trackboard.ts); the scratch copy checks the
// size again. One file at a time, the event loop let go between them.

/** Stores every planned file; `open(path)` gives a file's bytes. Answers how many were stored. */
export async function writeFiles(
  db: Db,
  target: ImportTarget,
  settings: AttachmentSettings,
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
  open: (path: string) => Promise<Readable>,
): Promise<number> {
  const { store } = settings;
  let stored = 0;
  for (const { issue } of issueRows) {
    if (issue.files.length === 0) continue;
    const id = issueId.get(issue)!;
    for (const file of issue.files) {
      await letOthersIn();
      const received = await receiveFile(await open(file.path), settings);
      const thumbnailPath = `${received.path}-thumb`;
      const storageKey = `p${target.projectId}/i${id}/${randomUUID()}`;
      let put = false;
      try {
        const kind = await sniffFile(received.path, thumbnailPath);
        await store.put(storageKey, createReadStream(received.path), received.size, kind.contentType);
        put = true;
        if (kind.image) {
          const { size } = await stat(thumbnailPath);
          await store.put(thumbnailKey(storageKey), createReadStream(thumbnailPath), size, 'image/webp');
        }
        await db.insert(attachments).values({
          issueId: id,
          projectId: target.projectId,
          uploaderId: target.userId,
          fileName: file.name,
          contentType: kind.contentType,
          size: received.size,
          image: kind.image !== null,
          width: kind.image?.width,
          height: kind.image?.height,
          thumbnail: kind.image !== null,
          storageKey,
          createdAt: new Date(file.createdAt),
        });
        stored++;
      } catch (error) {
        // Recorded nowhere: its files would never be removed otherwise.
        if (put) await Promise.all([store.remove(storageKey), store.remove(thumbnailKey(storageKey))]);
        throw error;
      } finally {
        await Promise.all([received.dispose(), rm(thumbnailPath, { force: true })]);
      }
    }
    await db
      .update(issues)
      .set({ attachmentCount: sql`(select count(*)::int from ${attachments} where ${attachments.issueId} = ${id})` })
      .where(eq(issues.id, id));
  }
  return stored;
}
