import type { Readable } from 'node:stream';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { IMPORT_MAX_BYTES } from '@trackboard/contracts';
import { megabytes } from '../attachments/received-file';
import { EXPORT_ZIP_FILES, EXPORT_ZIP_JSON } from './export-zip';
import { ImportFailure } from './import-plan';

// Our export with files read back (export-zip.ts): export.json is the export itself, and the
// bytes each attachment's `file` names sit under files/. The zip is read from its central
// directory, so a file's size is known before a byte of it is read, and yauzl stops any entry
// whose bytes run past the size it declares: a crafted zip cannot expand past the checks.

/** A file starts with `PK\3\4` (a zip's first local header) or `PK\5\6` (an empty zip). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);

export type ExportZip = {
  /** export.json's bytes. */
  json: Uint8Array;
  /** The size of each file under files/, by the path its `file` names. */
  sizes: Map<string, number>;
  /** The bytes of one file under files/ (one that `sizes` names). */
  open(path: string): Promise<Readable>;
  close(): void;
};

const unreadable = (reason: string): never => {
  throw new ImportFailure({ field: 'file', message: `The zip cannot be read: ${reason}` });
};

async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** Opens an export with files; a zip without export.json, or one too broken to read, fails the import. */
export async function openExportZip(file: Uint8Array): Promise<ExportZip> {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.length);
  let zip: ZipFile;
  let entries: Map<string, Entry>;
  try {
    zip = await fromBufferPromise(buffer, { lazyEntries: true, autoClose: false });
    entries = await entriesOf(zip);
  } catch (error) {
    return unreadable((error as Error).message);
  }
  const json = entries.get(EXPORT_ZIP_JSON);
  if (!json)
    throw new ImportFailure({
      field: 'file',
      message: `The zip holds no ${EXPORT_ZIP_JSON}: it is not a Trackboard export with files.`,
    });
  // The JSON inside is held to the limit a JSON file sent alone has.
  if (json.uncompressedSize > IMPORT_MAX_BYTES)
    throw new ImportFailure({
      field: EXPORT_ZIP_JSON,
      message: `${EXPORT_ZIP_JSON} is larger than the ${megabytes(IMPORT_MAX_BYTES)} an import takes.`,
    });
  const jsonBytes = await zip!
    .openReadStreamPromise(json)
    .then(bytesOf)
    .catch((error: Error) => unreadable(error.message));
  const sizes = new Map<string, number>();
  for (const [name, entry] of entries)
    if (name.startsWith(EXPORT_ZIP_FILES)) sizes.set(name.slice(EXPORT_ZIP_FILES.length), entry.uncompressedSize);
  return {
    json: jsonBytes,
    sizes,
    open: (path) => zip.openReadStreamPromise(entries.get(`${EXPORT_ZIP_FILES}${path}`)!),
    close: () => zip.close(),
  };
}
