import type { Readable } from 'node:stream';
import { messages, type exportFormats, type ProjectDto, type ProjectExport } from '@trackboard/contracts';
import { HttpError, NotFound, type Clock, type Db, type ServiceClient } from '@trackboard/server-kit';
import type { FileStore } from '@trackboard/file-store';
import { zipExport } from './export-zip';
import { exportCsv, exportProject, exportWithFiles } from './project-export';

/** A download: its file name and the JSON document, the CSV text or the zip's bytes as they are made. */
export type ExportFile = { filename: string } & (
  { format: 'json'; document: ProjectExport } | { format: 'csv'; text: string } | { format: 'zip'; body: Readable }
);

/**
 * Project downloads. Who may see the project is the project service's answer to
 * GET /projects/:key asked with the caller's own token (members and admins; anyone else gets its
 * 404), which also gives the name, description, lead and members. The export with files reads
 * the attachments' bytes from `store`.
 */
export function createExports(db: Db, projectService: ServiceClient, clock: Clock, store: FileStore) {
  return {
    async download(token: string, key: string, format: (typeof exportFormats)[number]): Promise<ExportFile> {
      const res = await projectService('GET', `/api/projects/${key}`, { token });
      if (res.status === 404) throw new NotFound(messages.projectNotFound);
      if (!res.ok) throw new HttpError(res.status === 401 ? 401 : 503, messages.serviceUnavailable);
      const project = (await res.json()) as ProjectDto;
      if (format === 'zip') {
        const { document, files } = await exportWithFiles(db, project, clock);
        return { filename: `${project.key}-export.zip`, format, body: zipExport(document, files, store) };
      }
      const document = await exportProject(db, project, clock);
      return format === 'csv'
        ? { filename: `${project.key}-export.csv`, format, text: exportCsv(document) }
        : { filename: `${project.key}-export.json`, format: 'json', document };
    },
  };
}
export type Exports = ReturnType<typeof createExports>;
