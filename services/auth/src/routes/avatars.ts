import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { messages, UserDto } from '@trackboard/contracts';
import { webStream } from '@trackboard/file-store';
import { documented, HttpError, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import { AVATAR_MAX_BYTES, type Avatars } from '../domain/avatars';
import { anyLiveStatus } from './live-statuses';

const pictureBody = {
  required: true,
  description: 'The picture itself as the whole body; its type is read from its bytes.',
  content: { 'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } } },
};
const AvatarFile = z.object({ file: z.string().regex(/^[\w-]{36}\.webp$/, 'must be an avatar file name') });

/**
 * The signed-in person's picture: PUT the picture's bytes (any common image type), DELETE it.
 * GET /auth/avatars/:file serves a kept one to anyone: an <img> sends no token, and the name is a
 * random UUID, as unguessable as a signed link; the bytes never change under a name.
 */
export const avatarRoutes = (avatars: Avatars, authenticate: Authenticator) =>
  new Hono<AppEnv>()
    .put(
      '/avatar',
      documented({
        summary: "Set the caller's picture: any PNG, JPEG, WebP, GIF, AVIF or TIFF, cut to a square",
        requestBody: pictureBody,
        responses: { 200: UserDto },
        errors: [400, 413],
      }),
      requireUser(authenticate, anyLiveStatus),
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES,
        onError: () => {
          throw new HttpError(413, messages.avatarTooLarge, { limitBytes: AVATAR_MAX_BYTES });
        },
      }),
      async (c) => c.json(await avatars.upload(c.var.user, Buffer.from(await c.req.arrayBuffer()))),
    )
    .delete(
      '/avatar',
      documented({ summary: "Remove the caller's picture", responses: { 200: UserDto } }),
      requireUser(authenticate, anyLiveStatus),
      async (c) => c.json(await avatars.remove(c.var.user)),
    )
    .get(
      '/avatars/:file',
      documented({
        summary: 'A picture someone chose (no sign-in: its name is the proof)',
        public: true,
        responses: { 200: { 'image/webp': 'text' } },
        errors: [404],
      }),
      validate('param', AvatarFile),
      async (c) => {
        const file = await avatars.open(c.req.valid('param').file.replace(/\.webp$/, ''));
        return c.body(webStream(file.body), 200, {
          'Content-Type': 'image/webp',
          'Content-Length': String(file.size),
          // A name is never reused for other bytes: browsers and proxies may keep it for good.
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
      },
    );
