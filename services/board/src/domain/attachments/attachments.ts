import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  canDeleteAttachment,
  messages,
  type AttachmentDto,
  type AttachmentLinkDto,
  type IssueDto,
  type IssueWriteResult,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { attachments, issues } from '../../db/schema';
import { editable, type Access } from '../access';
import { recordHistory, type BoardWrites } from '../board-writes';
import { issueDtoFields, positionBelow } from '../issue-dto';
import { contentDisposition, type FileStore } from '@trackboard/file-store';
import { sniffFile } from './file-kind';
import { LINK_LIFETIME_SECONDS, type FileLinks, type LinkVariant } from './file-links';
import { thumbnailKey, type FileRemovals } from './file-removals';
import { megabytes, receiveFile } from './received-file';

export type AttachmentSettings = {
  store: FileStore;
  /** Where uploads are written while they are checked, before the store has them. */
  scratchDir: string;
  /** ATTACHMENT_MAX_BYTES: one file. */
  maxBytes: number;
  /** ATTACHMENT_PROJECT_QUOTA_BYTES: one project's files together. */
  quotaBytes: number;
};

type AttachmentRow = typeof attachments.$inferSelect;

/** The headers a stored file is served with: nothing the browser could run in the app's origin. */
export type ServedFile = { body: Readable; size: number; headers: Record<string, string> };

/**
 * Only an image that decoded is shown inline; everything else (HTML, SVG, scripts, unknown bytes)
 * is a download, typed as bytes, under a sandbox policy should a browser render it anyway.
 */
function servedAs(row: AttachmentRow, variant: LinkVariant) {
  if (variant === 'thumbnail') return { contentType: 'image/webp', disposition: 'inline' as const };
  const inline = row.image && variant === 'file';
  return {
    contentType: row.image ? row.contentType : 'application/octet-stream',
    disposition: inline ? ('inline' as const) : ('attachment' as const),
  };
}

export const fileHeaders = (contentType: string, disposition: 'inline' | 'attachment', fileName: string) => ({
  'content-type': contentType,
  'content-disposition': contentDisposition(disposition, fileName),
  // Every API answer also carries a sandboxed, nothing-allowed Content-Security-Policy (server-kit's app.ts).
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, max-age=300',
});

/**
 * Files on issues. An upload is streamed to a scratch file, sniffed, thumbnailed when it is an
 * image, put in the file store, and only then recorded, under the board's lock with the issue's
 * count, so a board never lists a file the store lacks; a row's files leave the store after the
 * row is gone (file-removals.ts).
 */
export function createAttachments({
  db,
  access,
  writes,
  settings,
  links,
  removals,
  clock,
}: {
  db: Db;
  access: Access;
  writes: BoardWrites;
  settings: AttachmentSettings;
  links: FileLinks;
  removals: FileRemovals;
  clock: Clock;
}) {
  const { store } = settings;
  const answerFields = issueDtoFields(issues, positionBelow());

  const dtoFields = {
    id: sql<string>`${attachments.id}::text`,
    issueId: sql<string>`${attachments.issueId}::text`,
    fileName: attachments.fileName,
    contentType: attachments.contentType,
    size: attachments.size,
    image: attachments.image,
    width: attachments.width,
    height: attachments.height,
    thumbnail: attachments.thumbnail,
    uploaderId: sql<string>`${attachments.uploaderId}::text`,
    uploaderName: sql<string>`coalesce(${userDirectory.name}, '')`,
    createdAt: sql<string>`to_char(${attachments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };
  const dtos = (where: ReturnType<typeof eq>) =>
    db
      .select(dtoFields)
      .from(attachments)
      .leftJoin(userDirectory, eq(userDirectory.id, attachments.uploaderId))
      .where(where)
      .orderBy(asc(attachments.id));

  /** The attachment and the caller's scope on its issue: 404 for anyone who cannot see the issue. */
  async function scopeOf(user: AuthUser, id: number) {
    const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
    if (!row) throw new NotFound(messages.attachmentNotFound);
    const scope = await access.issue(user, row.issueId).catch((error: unknown) => {
      throw error instanceof NotFound ? new NotFound(messages.attachmentNotFound) : error;
    });
    return { ...scope, attachment: row };
  }

  const usedBytes = async (tx: Db, projectId: number) => {
    const [row] = await tx
      .select({ used: sql<number>`coalesce(sum(${attachments.size}), 0)::bigint` })
      .from(attachments)
      .where(eq(attachments.projectId, projectId));
    return Number(row?.used ?? 0);
  };

  function overQuota(used: number, adding: number) {
    return new Conflict(
      `The project's attachments would take ${megabytes(used + adding)} of the ${megabytes(settings.quotaBytes)} allowed (ATTACHMENT_PROJECT_QUOTA_BYTES).`,
      { usedBytes: used, fileBytes: adding, quotaBytes: settings.quotaBytes },
    );
  }

  /** The issue's attachment count written again under the board's lock, and its answer. */
  async function recount(tx: Db, issueId: number): Promise<IssueDto> {
    const [row] = await tx
      .update(issues)
      .set({
        attachmentCount: sql`(select count(*)::int from ${attachments} where ${attachments.issueId} = ${issueId})`,
      })
      .where(eq(issues.id, issueId))
      .returning(answerFields);
    if (!row) throw new NotFound(messages.issueNotFound);
    return row;
  }

  async function serve(row: AttachmentRow, variant: LinkVariant): Promise<ServedFile> {
    if (variant === 'thumbnail' && !row.thumbnail) throw new NotFound(messages.attachmentNotFound);
    const stored = await store.get(variant === 'thumbnail' ? thumbnailKey(row.storageKey) : row.storageKey);
    if (!stored) throw new NotFound(messages.attachmentNotFound);
    const { contentType, disposition } = servedAs(row, variant);
    return { ...stored, headers: fileHeaders(contentType, disposition, row.fileName) };
  }

  return {
    async upload(
      user: AuthUser,
      issueId: number,
      body: Readable,
      { fileName, declaredBytes }: { fileName: string; declaredBytes?: number },
      originId?: string,
    ): Promise<AttachmentDto> {
      const { board, issue } = editable(user, await access.issue(user, issueId));
      // Refused before a byte is read when the declared size already cannot fit.
      const before = await usedBytes(db, board.projectId);
      if (declaredBytes !== undefined && before + declaredBytes > settings.quotaBytes)
        throw overQuota(before, declaredBytes);

      const received = await receiveFile(body, { ...settings, declaredBytes });
      const thumbnailPath = `${received.path}-thumb`;
      const storageKey = `p${board.projectId}/i${issueId}/${randomUUID()}`;
      let stored = false;
      try {
        const kind = await sniffFile(received.path, thumbnailPath);
        const thumbnail = kind.image !== null;
        await store.put(storageKey, createReadStream(received.path), received.size, kind.contentType);
        stored = true;
        if (thumbnail) {
          const { size } = await stat(thumbnailPath);
          await store.put(thumbnailKey(storageKey), createReadStream(thumbnailPath), size, 'image/webp');
        }
        const written = await writes.withBoardWrite(board, originId, async (tx) => {
          const used = await usedBytes(tx, board.projectId);
          if (used + received.size > settings.quotaBytes) throw overQuota(used, received.size);
          const [row] = await tx
            .insert(attachments)
            .values({
              issueId,
              projectId: board.projectId,
              uploaderId: Number(user.id),
              fileName,
              contentType: kind.contentType,
              size: received.size,
              image: kind.image !== null,
              width: kind.image?.width,
              height: kind.image?.height,
              thumbnail,
              storageKey,
              createdAt: clock.now(),
            })
            .returning({ id: attachments.id });
          await recordHistory(tx, board, user.id, issueId, [
            { kind: 'updated', field: 'attachments', toValue: fileName },
          ]);
          return { result: row!.id, changed: [await recount(tx, issue.id)] };
        });
        const [dto] = await dtos(eq(attachments.id, written.result));
        return dto!;
      } catch (error) {
        // Recorded nowhere: its files would never be removed otherwise.
        if (stored) await Promise.all([store.remove(storageKey), store.remove(thumbnailKey(storageKey))]);
        throw error;
      } finally {
        await Promise.all([received.dispose(), rm(thumbnailPath, { force: true })]);
      }
    },

    async list(user: AuthUser, issueId: number): Promise<AttachmentDto[]> {
      await access.issue(user, issueId);
      return dtos(eq(attachments.issueId, issueId));
    },

    /** A link the browser loads without the token: the store's own (S3, signed) or the app's signed one. */
    async link(user: AuthUser, id: number, variant: LinkVariant): Promise<AttachmentLinkDto> {
      const { attachment: row } = await scopeOf(user, id);
      if (variant === 'thumbnail' && !row.thumbnail) throw new NotFound(messages.attachmentNotFound);
      const expires = Math.floor(clock.now().getTime() / 1000) + LINK_LIFETIME_SECONDS;
      const expiresAt = new Date(expires * 1000).toISOString();
      const { contentType, disposition } = servedAs(row, variant);
      const direct = await store.downloadUrl(variant === 'thumbnail' ? thumbnailKey(row.storageKey) : row.storageKey, {
        fileName: row.fileName,
        contentType,
        disposition,
        expiresInSeconds: LINK_LIFETIME_SECONDS,
      });
      return { url: direct ?? (await links.link(row.id, variant, expires)), expiresAt };
    },

    /** The file itself, for a caller with the token (API clients). */
    async open(user: AuthUser, id: number, variant: LinkVariant): Promise<ServedFile> {
      const { attachment: row } = await scopeOf(user, id);
      return serve(row, variant);
    },

    /** The file behind one of the app's signed links; a bad or expired signature answers 404 like a missing file. */
    async openSigned(id: number, query: { variant: LinkVariant; expires: number; signature: string }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const valid = await links.verify(id, query.variant, query.expires, query.signature, now);
      if (!valid) throw new NotFound(messages.attachmentLinkInvalid);
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
      if (!row) throw new NotFound(messages.attachmentNotFound);
      return serve(row, query.variant);
    },

    /** The uploader, the project's lead or an admin; the files go after the row (file-removals.ts). */
    async remove(user: AuthUser, id: number, originId?: string): Promise<void> {
      const { board, membership, attachment: row } = editable(user, await scopeOf(user, id));
      if (!canDeleteAttachment(user, row.uploaderId, membership))
        throw new Forbidden(messages.deleteAttachmentForbidden);
      await writes.withBoardWrite(board, originId, async (tx) => {
        const gone = await tx.delete(attachments).where(eq(attachments.id, id)).returning({ id: attachments.id });
        if (gone.length === 0) throw new NotFound(messages.attachmentNotFound);
        await recordHistory(tx, board, user.id, row.issueId, [
          { kind: 'updated', field: 'attachments', fromValue: row.fileName },
        ]);
        return { result: undefined, changed: [await recount(tx, row.issueId)] };
      });
      void removals.kick();
    },

    /** The card's cover: one of the issue's image attachments, or none. */
    async setCover(
      user: AuthUser,
      issueId: number,
      coverId: number | null,
      originId?: string,
    ): Promise<IssueWriteResult> {
      const { board } = editable(user, await access.issue(user, issueId));
      const written = await writes.withBoardWrite(board, originId, async (tx) => {
        const [current] = await tx
          .select({ cover: issues.coverAttachmentId })
          .from(issues)
          .where(eq(issues.id, issueId));
        const names = async (id: number | null | undefined) => {
          if (!id) return null;
          const [row] = await tx
            .select({ fileName: attachments.fileName, image: attachments.image })
            .from(attachments)
            .where(and(eq(attachments.id, id), eq(attachments.issueId, issueId)));
          return row ?? null;
        };
        const chosen = await names(coverId);
        if (coverId !== null && !chosen?.image) throw new Invalid(messages.coverNotImage);
        const [row] = await tx
          .update(issues)
          .set({ coverAttachmentId: coverId })
          .where(eq(issues.id, issueId))
          .returning(answerFields);
        const was = await names(current?.cover);
        if ((current?.cover ?? null) !== coverId)
          await recordHistory(tx, board, user.id, issueId, [
            { kind: 'updated', field: 'cover', fromValue: was?.fileName ?? null, toValue: chosen?.fileName ?? null },
          ]);
        return { result: row!, changed: [row!] };
      });
      return { ...written.result, boardVersion: written.version, rebalanced: [] };
    },
  };
}
export type Attachments = ReturnType<typeof createAttachments>;
