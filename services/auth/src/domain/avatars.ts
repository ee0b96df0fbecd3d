import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { messages, type UserDto } from '@trackboard/contracts';
import type { FileStore } from '@trackboard/file-store';
import { HttpError, Invalid, NotFound, toUserDto, type AuthUser, type Db, type Logger } from '@trackboard/server-kit';
import { users } from '../db/schema';
import { findUser } from './account-rows';

/** The largest picture taken (a phone's photo is 2–6 MB); what is kept is far smaller. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** Width and height of a kept avatar, in pixels: sharp enough at 2× for the largest place it shows. */
export const AVATAR_SIZE = 256;
// A decompression bomb (a tiny file of a huge picture) is refused before it is decoded.
const maxInputPixels = 50_000_000;

/** Where an avatar is served from: public (an <img> sends no token), its name unguessable. */
export const avatarPath = (fileId: string) => `/api/auth/avatars/${fileId}.webp`;
const keyOf = (fileId: string) => `avatars/${fileId}.webp`;
const fileIdOf = (avatarUrl: string | null) => /\/api\/auth\/avatars\/([\w-]+)\.webp$/.exec(avatarUrl ?? '')?.[1];

/**
 * A person's picture, kept in the attachment storage (the data folder or S3): any picture sharp
 * reads is cut to a square around its most interesting part (sharp's attention strategy: faces,
 * contrast), scaled to AVATAR_SIZE and kept as WebP without its metadata (camera, place).
 */
export function createAvatars({ db, store, log }: { db: Db; store: FileStore; log: Logger }) {
  async function square(picture: Buffer): Promise<Buffer> {
    try {
      return await sharp(picture, { limitInputPixels: maxInputPixels, animated: false, failOn: 'error' })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new Invalid(messages.avatarNotAPicture);
    }
  }

  /** The previous picture goes once the new address is saved: a failure there leaves a stray file, never a broken avatar. */
  async function forget(avatarUrl: string | null) {
    const old = fileIdOf(avatarUrl);
    if (old) await store.remove(keyOf(old)).catch((err: unknown) => log.warn({ err }, 'old avatar not removed'));
  }

  return {
    async upload(user: AuthUser, picture: Buffer): Promise<UserDto> {
      if (picture.length === 0) throw new Invalid(messages.avatarNotAPicture);
      if (picture.length > AVATAR_MAX_BYTES)
        throw new HttpError(413, messages.avatarTooLarge, { limitBytes: AVATAR_MAX_BYTES });
      const kept = await square(picture);
      const fileId = randomUUID();
      await store.put(keyOf(fileId), Readable.from(kept), kept.length, 'image/webp');
      const before = await findUser(db, Number(user.id));
      const [row] = await db
        .update(users)
        .set({ avatarUrl: avatarPath(fileId), updatedAt: new Date() })
        .where(eq(users.id, Number(user.id)))
        .returning();
      await forget(before.avatarUrl);
      return toUserDto(row!);
    },

    async remove(user: AuthUser): Promise<UserDto> {
      const before = await findUser(db, Number(user.id));
      const [row] = await db
        .update(users)
        .set({ avatarUrl: null, updatedAt: new Date() })
        .where(eq(users.id, Number(user.id)))
        .returning();
      await forget(before.avatarUrl);
      return toUserDto(row!);
    },

    /** The bytes of a kept avatar (by its unguessable name), or 404. */
    async open(fileId: string): Promise<{ body: Readable; size: number }> {
      const file = await store.get(keyOf(fileId));
      if (!file) throw new NotFound(messages.notFound);
      return file;
    },
  };
}
export type Avatars = ReturnType<typeof createAvatars>;
