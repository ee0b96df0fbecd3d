import type { ImportFormat, ImportJobDto } from '@trackboard/contracts';
import { apiRequest } from '@trackboard/web-kit';

// Export and import. A download can't be a plain link (the bearer token travels in
// a header), so the export is fetched through the API client and handed to the browser as a blob.

export type ExportFormat = 'json' | 'csv';

/** Saves the project's export as `KEY-export.json|csv`. */
export async function downloadExport(key: string, format: ExportFormat): Promise<void> {
  const data = await apiRequest<unknown>(`/projects/${encodeURIComponent(key)}/export?format=${format}`, {
    headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json' },
  });
  // The client reads JSON answers into objects and anything else as text.
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  const blob = new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' });
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

/** The format a file's name suggests: .csv → CSV; .json → our export unless it looks like Trello's. */
export function formatForFile(name: string, head = ''): ImportFormat {
  if (/\.csv$/i.test(name)) return 'csv';
  // A Trello board export has its lists and cards at the top level; ours says its format.
  if (/"format"\s*:\s*"trackboard-export"/.test(head)) return 'trackboard';
  if (/"(idBoard|shortLink|labelNames)"\s*:/.test(head)) return 'trello';
  return 'trackboard';
}
