import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@trackboard/server-kit';
import { serviceKeys } from '../../db/schema';

/** What a link opens: the file shown, its thumbnail, or the file saved under its name. */
export type LinkVariant = 'file' | 'thumbnail' | 'download';

/** How long a link works: long enough for a page to load its images, short enough that a leaked one soon stops. */
export const LINK_LIFETIME_SECONDS = 15 * 60;

const keyName = 'attachment-links';

/**
 * Signed addresses for the files the local store keeps: an img tag or a download cannot send the
 * bearer token, so the API hands out a link that carries its own proof (an HMAC of the
 * attachment, variant and expiry) for a few minutes. The key is made once, by whichever replica
 * needs it first, and kept in the database, so every replica checks every replica's links.
 */
export function createFileLinks(db: Db) {
  let key: Promise<Buffer> | undefined;
  const signingKey = () =>
    (key ??= (async () => {
      await db
        .insert(serviceKeys)
        .values({ name: keyName, key: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db.select({ key: serviceKeys.key }).from(serviceKeys).where(eq(serviceKeys.name, keyName));
      return Buffer.from(row!.key, 'base64');
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  const sign = async (id: number, variant: LinkVariant, expires: number) =>
    createHmac('sha256', await signingKey())
      .update(`${id}:${variant}:${expires}`)
      .digest('base64url');

  return {
    /** The app's own address for the file, valid until `expires` (seconds since the epoch). */
    async link(id: number, variant: LinkVariant, expires: number): Promise<string> {
      const signature = await sign(id, variant, expires);
      return `/api/attachment-files/${id}?variant=${variant}&expires=${expires}&signature=${signature}`;
    },

    /** Whether a link's signature is ours and its time is not up. */
    async verify(id: number, variant: LinkVariant, expires: number, signature: string, nowSeconds: number) {
      if (expires < nowSeconds) return false;
      const expected = Buffer.from(await sign(id, variant, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type FileLinks = ReturnType<typeof createFileLinks>;
