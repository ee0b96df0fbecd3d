import { numberFormat } from '@trackboard/web-kit';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** One decimal under ten ("1.5 MB", "1,5 MB" in German), none above ("12 MB"): the precision a person compares sizes by. */
const amount = (value: number) =>
  numberFormat({ useGrouping: false }).format(value < 10 ? Math.round(value * 10) / 10 : Math.round(value));

/** A file's size as a person reads it: bytes, KB, MB or GB, in powers of 1024 as the server's limits are. */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${amount(bytes)} B`;
  if (bytes < MB) return `${amount(bytes / KB)} KB`;
  if (bytes < GB) return `${amount(bytes / MB)} MB`;
  return `${amount(bytes / GB)} GB`;
}
