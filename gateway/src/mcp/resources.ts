import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ProjectKey, type ProjectDto } from '@trackboard/contracts';
import type { ApiClient } from './api-client';

const boardsUri = (key: string) => `trackboard://projects/${key}/boards`;

/** A project's boards as a resource: what an agent reads to find the board ids the tools take. */
export function registerResources(server: McpServer, api: ApiClient) {
  server.registerResource(
    'project_boards',
    new ResourceTemplate(boardsUri('{key}'), {
      // The projects the caller can see, each one resource.
      list: async () => ({
        resources: (await api.get<ProjectDto[]>('/api/projects')).map((project) => ({
          uri: boardsUri(project.key),
          name: `${project.key} boards`,
          title: `${project.name}: boards`,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: "A project's boards",
      description: 'The boards of a project (id, name, issue count), by project key.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const key = ProjectKey.parse(variables.key);
      const project = await api.get<ProjectDto>(`/api/projects/${encodeURIComponent(key)}`);
      const boards = { project: { key: project.key, name: project.name }, boards: project.boards };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(boards, null, 2) }] };
    },
  );
}
