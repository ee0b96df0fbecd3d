import type { ImportFormat, ImportJobDto } from '@trackboard/contracts';
import { apiRequest } from '@trackboard/web-kit';

// Export and import. A download can't be a plain link (the bearer token travels in
// a header), so the export is fetched through the API client and handed to the browser as a blob.

export type ExportFormat = 'json' | 'csv' | 'zip';

const exportTypes: Record<ExportFormat, string> = { json: 'application/json', csv: 'text/csv', zip: 'application/zip' };

/** Saves the project's export as `KEY-export.json|csv|zip` (zip: the JSON with every attached file). */
export async function downloadExport(key: string, format: ExportFormat): Promise<void> {
  const blob = await apiRequest<Blob>(`/projects/${encodeURIComponent(key)}/export?format=${format}`, {
    headers: { Accept: exportTypes[format] },
    answer: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${key}-export.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export type ImportRequest = { format: ImportFormat; key: string; name: string; strict?: boolean };

export const startImport = (file: Blob, { format, key, name, strict }: ImportRequest) =>
  apiRequest<ImportJobDto>(
    `/imports?${new URLSearchParams({ format, key, name, ...(strict && format === 'csv' && { strict: 'true' }) })}`,
    { method: 'POST', file },
  );

export const readImport = (id: string) => apiRequest<ImportJobDto>(`/imports/${encodeURIComponent(id)}`);

/** Adds people a finished import offered to its project. */
export const addImportPeople = (id: string, emails: string[]) =>
  apiRequest<ImportJobDto>(`/imports/${encodeURIComponent(id)}/people`, { method: 'POST', body: { emails } });

/** The format a file's name suggests: .csv → CSV; .zip → our export with files; .json → our export unless it looks like Trello's. */
export function formatForFile(name: string, head = ''): ImportFormat {
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.zip$/i.test(name)) return 'trackboard';
  // A Trello board export has its lists and cards at the top level; ours says its format.
  if (/"format"\s*:\s*"trackboard-export"/.test(head)) return 'trackboard';
  if (/"(idBoard|shortLink|labelNames)"\s*:/.test(head)) return 'trello';
  return 'trackboard';
}
