import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { exactLength, type FileStore } from './file-store';

/** Files under `root`, one per key, the key's segments as folders (`p12/i345/a678`). */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, ...segmentsOf(key));

  return {
    async put(key, body, size) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside its final place and renamed into it, so a reader never sees half a file and a
      // failed upload leaves none; a leading dot keeps it clear of every key our code makes.
      const temp = join(dirname(path), `.upload-${randomUUID()}`);
      // Opened before the pipeline, not by createWriteStream: its lazy open could create the file
      // after a failed pipeline's clean-up has already run.
      const file = await open(temp, 'wx');
      try {
        await pipeline(body, exactLength(size), file.createWriteStream());
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      const handle = await open(path, 'r').catch((error: unknown) => {
        if (isAbsent(error)) return null;
        throw error;
      });
      if (!handle) return null;
      // The size and the bytes come from the same open file, even if a put replaces it meanwhile.
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: stat.size };
    },

    async downloadUrl() {
      return null;
    },

    async remove(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (!isAbsent(error) && !hasCode(error, 'EISDIR')) throw error;
      });
    },

    async removePrefix(prefix) {
      // A prefix may end inside a segment (`p12/i345/a678` covers `a678-thumb` too), like S3's.
      const cut = prefix.lastIndexOf('/');
      const folder = cut < 0 ? root : pathOf(prefix.slice(0, cut));
      const start = prefix.slice(cut + 1);
      if (start === '' && cut < 0) throw new Error('Refusing to remove every stored file (empty prefix)');
      if (start !== '' && !isSafeSegment(start)) throw new Error(`Unsafe file key prefix: ${JSON.stringify(prefix)}`);
      if (start === '') {
        // Only a folder: a file of that name is a key that does not start with `prefix/`.
        const found = await stat(folder).catch((error: unknown) => {
          if (isAbsent(error)) return null;
          throw error;
        });
        if (found?.isDirectory()) await rm(folder, { recursive: true, force: true });
        return;
      }
      const names = await readdir(folder).catch((error: unknown) => {
        if (isAbsent(error)) return [];
        throw error;
      });
      await Promise.all(
        names
          .filter((name) => name.startsWith(start))
          .map((name) => rm(join(folder, name), { recursive: true, force: true })),
      );
    },

    async ping() {
      await mkdir(root, { recursive: true });
      // Writing tells what permission bits alone do not: a read-only mount, a full or missing volume.
      const probe = join(root, `.ping-${randomUUID()}`);
      await writeFile(probe, '');
      await unlink(probe);
    },
  };
}

// Keys are built by our own code; this is defence in depth against one that could leave `root`.
function segmentsOf(key: string): string[] {
  const segments = key.split('/');
  if (!segments.every(isSafeSegment)) throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
  return segments;
}

function isSafeSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[\\\0]/.test(segment);
}

const hasCode = (error: unknown, code: string) =>
  // Not `instanceof Error`: errors from node's own modules can come from another realm (jest's sandbox).
  typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;

const isAbsent = (error: unknown) => hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR');
