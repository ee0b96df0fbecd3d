import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  AttachmentDto,
  AttachmentLinkDto,
  AttachmentLinkQuery,
  AttachmentUploadQuery,
  IdParam,
  IssueWriteResult,
  SetCoverRequest,
  SignedFileQuery,
  inlineImageTypes,
} from '@trackboard/contracts';
import { webStream } from '@trackboard/file-store';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Attachments, ServedFile } from '../domain/attachments/attachments';
import { originOf } from './origin';
import { uploadedFile } from './uploaded-file';

// A file is served as the image it is (sniffed), its WebP thumbnail, or bytes to download.
const fileAnswer = Object.fromEntries(
  [...inlineImageTypes, 'application/octet-stream'].map((type) => [type, 'text' as const]),
);

/** The upload: the file as the whole body (its name in ?name=) or a multipart form's file; streamed, never held whole. */
const uploadBody = {
  required: true,
  description:
    'The file itself as the whole body, its name in ?name=, or a multipart form with the file (its name from the part). Its type is read from its bytes; the Content-Type sent is not trusted.',
  content: {
    'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } },
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { file: { type: 'string' as const, format: 'binary' } },
        required: ['file'],
      },
    },
  },
};

const served = (c: Context, file: ServedFile) =>
  c.body(webStream(file.body), 200, {
    ...file.headers,
    'content-length': String(file.size),
  });

/** POST/GET /issues/:id/attachments and PUT /issues/:id/cover: an issue's files and its card's cover. */
export const issueAttachmentRoutes = (attachments: Attachments) =>
  new Hono<AppEnv>()
    .post(
      '/:id/attachments',
      documented({
        summary: 'Attach a file to an issue (the body is the file; ?name= its name)',
        requestBody: uploadBody,
        query: AttachmentUploadQuery.partial(),
        responses: { 201: AttachmentDto },
        errors: [404, 409, 413],
      }),
      validate('param', IdParam),
      async (c) => {
        const { body, ...file } = await uploadedFile(c);
        return c.json(await attachments.upload(c.var.user, c.req.valid('param').id, body, file, originOf(c)), 201);
      },
    )
    .get(
      '/:id/attachments',
      documented({
        summary: "An issue's attachments, oldest first",
        responses: { 200: z.array(AttachmentDto) },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await attachments.list(c.var.user, c.req.valid('param').id)),
    )
    .put(
      '/:id/cover',
      documented({
        summary: "Set the card's cover to one of the issue's images, or none (null)",
        responses: { 200: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', SetCoverRequest),
      async (c) =>
        c.json(
          await attachments.setCover(
            c.var.user,
            c.req.valid('param').id,
            c.req.valid('json').coverAttachmentId,
            originOf(c),
          ),
        ),
    );

/** GET/DELETE /attachments/:id and GET /attachments/:id/link. */
export const attachmentRoutes = (attachments: Attachments) =>
  new Hono<AppEnv>()
    .get(
      '/:id',
      documented({
        summary: 'The file (?variant=thumbnail for an image’s thumbnail, download to save it): members only',
        responses: { 200: fileAnswer },
        errors: [404],
      }),
      validate('param', IdParam),
      validate('query', AttachmentLinkQuery),
      async (c) => served(c, await attachments.open(c.var.user, c.req.valid('param').id, c.req.valid('query').variant)),
    )
    .get(
      '/:id/link',
      documented({
        summary: 'A short-lived address of the file that needs no token (for an img or a download)',
        responses: { 200: AttachmentLinkDto },
        errors: [404],
      }),
      validate('param', IdParam),
      validate('query', AttachmentLinkQuery),
      async (c) => c.json(await attachments.link(c.var.user, c.req.valid('param').id, c.req.valid('query').variant)),
    )
    .delete(
      '/:id',
      documented({ summary: 'Remove an attachment', responses: { 204: null }, errors: [403, 404, 409] }),
      validate('param', IdParam),
      async (c) => {
        await attachments.remove(c.var.user, c.req.valid('param').id, originOf(c));
        return c.body(null, 204);
      },
    );

/** GET /attachment-files/:id: a signed link's file, reached without a token (the signature is the proof). */
export const signedFileRoutes = (attachments: Attachments) =>
  new Hono<AppEnv>().get(
    '/:id',
    documented({
      summary: 'The file behind a signed link from GET /attachments/:id/link',
      public: true,
      responses: { 200: fileAnswer },
      errors: [404],
    }),
    validate('param', IdParam),
    validate('query', SignedFileQuery),
    async (c) => served(c, await attachments.openSigned(c.req.valid('param').id, c.req.valid('query'))),
  );
