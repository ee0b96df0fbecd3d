import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ProjectExport } from '@trackboard/contracts';
import type { FileStore } from '@trackboard/file-store';
import type { ExportedFile } from './project-export';

// The export with files: a zip of the JSON export (`export.json`) and every attachment's bytes
// under `files/<file>`, read through the file store (a folder or S3 alike). Streamed: yazl asks
// for each file only when the one before it has gone out, so one file at a time is open and
// none is ever held whole; the client's pace sets the pace of the reads.

/** Where the JSON sits in the zip, and the folder of the files. */
export const EXPORT_ZIP_JSON = 'export.json';
export const EXPORT_ZIP_FILES = 'files/';

// Pictures, archives and office files are compressed already: deflating them again costs CPU for nothing.
const storedAsIs = /^(image\/(png|jpeg|gif|webp)|video\/|audio\/|application\/(zip|gzip|x-7z|pdf|vnd\.openxmlformats))/;

/**
 * The zip's bytes as they are made. The JSON goes last, once every file has been read: a file
 * removed since the snapshot (its attachment deleted meanwhile) leaves an empty entry behind and
 * its reference is taken out of the JSON, so export.json names only files the zip holds.
 */
export function zipExport(document: ProjectExport, files: ExportedFile[], store: FileStore): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  const missing = new Set<string>();
  let current: Readable | null = null;
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  // A client that goes away leaves no file open behind it.
  output.on('close', () => current?.destroy());
  const contentTypeOf = new Map(
    document.boards.flatMap((b) =>
      b.columns.flatMap((c) => c.issues.flatMap((i) => i.attachments.map((a) => [a.file, a.contentType] as const))),
    ),
  );

  for (const file of files)
    zip.addReadStreamLazy(
      `${EXPORT_ZIP_FILES}${file.file}`,
      { compress: !storedAsIs.test(contentTypeOf.get(file.file) ?? '') },
      (give) => {
        store.get(file.storageKey).then((stored) => {
          if (!stored) missing.add(file.file);
          current = stored?.body ?? Readable.from([]);
          current.on('error', fail);
          give(null, current);
        }, fail);
      },
    );
  zip.addReadStreamLazy(EXPORT_ZIP_JSON, (give) => {
    const kept = missing.size === 0 ? document : withoutFiles(document, missing);
    give(null, Readable.from([Buffer.from(JSON.stringify(kept, null, 2))]));
  });
  zip.end();
  return output;
}

function withoutFiles(document: ProjectExport, missing: Set<string>): ProjectExport {
  return {
    ...document,
    boards: document.boards.map((board) => ({
      ...board,
      columns: board.columns.map((column) => ({
        ...column,
        issues: column.issues.map((issue) => ({
          ...issue,
          attachments: issue.attachments.filter((a) => !missing.has(a.file)),
        })),
      })),
    })),
  };
}
