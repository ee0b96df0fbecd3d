import type { ProjectDto } from '@trackboard/contracts';
import { api, Breadcrumb } from '@trackboard/web-kit';
import { useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';

const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

/**
 * The project's name, read from GET /projects/{key} (the board names only its key).
 * Undefined while it loads or when it cannot be read. A plain request rather than swr, which
 * this remote does not otherwise load: swr would add its 5.6 KB gzipped chunk to a cold board
 * (scripts/bundle-budget.mjs) for one name.
 */
function useProjectName(projectKey: string): string | undefined {
  const [named, setNamed] = useState<{ key: string; name: string }>();
  useEffect(() => {
    let current = true;
    api
      .get<ProjectDto>(projectPath(projectKey))
      .then((project) => current && setNamed({ key: projectKey, name: project.name }))
      // The key stands in: the trail still leads back, and the board has its own error box.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [projectKey]);
  return named?.key === projectKey ? named.name : undefined;
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
