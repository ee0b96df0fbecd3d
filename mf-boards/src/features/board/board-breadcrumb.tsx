import type { ProjectDto } from '@trackboard/contracts';
import { api, Breadcrumb, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';

const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

/**
 * The project's name, read from GET /projects/{key} (the board names only its key). The swr
 * key is the one mf_projects reads the same project under (its projectKeys.one): swr is a
 * shared singleton, so coming from the project's page costs no second request, and a rename
 * there shows here. Undefined while it loads or when it cannot be read.
 */
function useProjectName(projectKey: string): string | undefined {
  const { data } = useSWR(['project', projectKey], ([, key]) => api.get<ProjectDto>(projectPath(key)), {
    shouldRetryOnError: retryUnlessClientError,
    revalidateOnFocus: false,
  });
  return data?.name;
}

/**
 * Projects › {project} › {board} above the board (issue 16: its header said "Board" with no
 * way back). The project is named by its key until its name is known, or if it never is.
 */
export function BoardBreadcrumb({ boardName, projectKey }: { boardName: string; projectKey: string }) {
  const projectName = useProjectName(projectKey);
  return (
    <Breadcrumb
      items={[
        { label: uiMessages.projectsCrumb, to: '/projects' },
        { label: projectName ?? projectKey, to: projectPath(projectKey) },
        { label: boardName },
      ]}
    />
  );
}
