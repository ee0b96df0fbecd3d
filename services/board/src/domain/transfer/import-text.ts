import iconv from 'iconv-lite';
import { ImportFailure } from './import-plan';

// The text of an uploaded file. Spreadsheets on Windows still save CSV as Windows-1252 ("ANSI")
// or as UTF-16 ("Unicode text"); read as UTF-8, such a file would import as mojibake. A file
// that is none of these is refused rather than guessed at. (iconv-lite: Node's own TextDecoder
// reads windows-1252 as Latin-1, which loses € and the typographic quotes.)

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const notTextMessage =
  'The file is not text in UTF-8, UTF-16 or Windows-1252. Save it as CSV (UTF-8) and try again.';

/** The file's text and the encoding it was read in. */
export function importText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let read: { text: string; encoding: TextEncoding };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) read = { text: iconv.decode(buffer, 'utf-16le'), encoding: 'utf-16le' };
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    read = { text: iconv.decode(buffer, 'utf-16be'), encoding: 'utf-16be' };
  else
    try {
      read = { text: utf8.decode(bytes), encoding: 'utf-8' };
    } catch {
      read = { text: iconv.decode(buffer, 'windows-1252'), encoding: 'windows-1252' };
    }
  // A NUL is binary (or UTF-16 without its byte-order mark); U+FFFD out of Windows-1252 is a byte it leaves undefined.
  if (read.text.includes('\u0000') || (read.encoding === 'windows-1252' && read.text.includes('\ufffd')))
    throw new ImportFailure({ field: 'file', message: notTextMessage });
  return read;
}
