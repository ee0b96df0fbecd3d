import { messages, type exportFormats, type ProjectDto, type ProjectExport } from '@trackboard/contracts';
import { HttpError, NotFound, type Clock, type Db, type ServiceClient } from '@trackboard/server-kit';
import { exportCsv, exportProject } from './project-export';

/** A download: its file name and the JSON document or the CSV text. */
export type ExportFile = { filename: string } & (
  { format: 'json'; document: ProjectExport } | { format: 'csv'; text: string }
);

/**
 * Project downloads. Who may see the project is the project service's answer to
 * GET /projects/:key asked with the caller's own token (members and admins; anyone else gets its
 * 404), which also gives the name, description, lead and members.
 */
export function createExports(db: Db, projectService: ServiceClient, clock: Clock) {
  return {
    async download(token: string, key: string, format: (typeof exportFormats)[number]): Promise<ExportFile> {
      const res = await projectService('GET', `/api/projects/${key}`, { token });
      if (res.status === 404) throw new NotFound(messages.projectNotFound);
      if (!res.ok) throw new HttpError(res.status === 401 ? 401 : 503, messages.serviceUnavailable);
      const project = (await res.json()) as ProjectDto;
      const document = await exportProject(db, project, clock);
      return format === 'csv'
        ? { filename: `${project.key}-export.csv`, format, text: exportCsv(document) }
        : { filename: `${project.key}-export.json`, format: 'json', document };
    },
  };
}
export type Exports = ReturnType<typeof createExports>;
