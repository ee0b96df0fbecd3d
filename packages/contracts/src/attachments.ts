import { z } from 'zod';
import { Id } from './ids';
import { lineText } from './text';

/** The largest file one upload may bring, unless ATTACHMENT_MAX_BYTES says otherwise. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
/** What one project's attachments may hold together, unless ATTACHMENT_PROJECT_QUOTA_BYTES says otherwise. */
export const ATTACHMENT_PROJECT_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;
/** Thumbnails fit in a square this size. */
export const THUMBNAIL_MAX_PX = 400;

export const AttachmentDto = z
  .object({
    id: z.string(),
    issueId: z.string(),
    fileName: z.string(),
    /** Sniffed from the bytes, never the uploader's word; application/octet-stream when unknown. */
    contentType: z.string(),
    size: z.number().int().nonnegative(),
    /** A PNG, JPEG, GIF or WebP that decoded: shown inline, with a thumbnail. */
    image: z.boolean(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbnail: z.boolean(),
    uploaderId: z.string(),
    uploaderName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Attachment' });
export type AttachmentDto = z.infer<typeof AttachmentDto>;

/** A short-lived address the browser loads the file from without the bearer token (an img, a download). */
export const AttachmentLinkDto = z.object({
  url: z.string(),
  /** ISO-8601: ask for a new link after this. */
  expiresAt: z.string(),
});
export type AttachmentLinkDto = z.infer<typeof AttachmentLinkDto>;

/** A raw upload's file name (a multipart upload names it in its part). */
export const AttachmentUploadQuery = z.object({
  name: lineText({ error: 'must be a file name' }).trim().min(1, { error: 'must be a file name' }).max(255, {
    error: 'must be at most 255 characters',
  }),
});

export const AttachmentLinkQuery = z.object({
  /** `thumbnail`: the image's thumbnail; `download`: the file, saved rather than shown. */
  variant: z.enum(['file', 'thumbnail', 'download']).default('file'),
});

/** An HMAC-SHA-256 in base64url: what a signed attachment link carries. */
export const linkSignaturePattern = /^[A-Za-z0-9_-]{43}$/;

/** The signed address's query, checked by the service that made it. */
export const SignedFileQuery = z.object({
  variant: z.enum(['file', 'thumbnail', 'download']),
  expires: z.coerce.number().int(),
  signature: z.string().regex(linkSignaturePattern, { error: 'must be a signature' }),
});

export const SetCoverRequest = z.object({ coverAttachmentId: Id.nullable() }).strict();
