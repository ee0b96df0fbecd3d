import { Breadcrumb } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';

const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

/**
 * Projects › {project} › {board} above the board: the way back to the project, which a header
 * saying only "Board" did not offer. The project is named by its key until its name is known, or if it never is. The
 * board page reads the project (GET /projects/{key}) into the board store: the same answer
 * says whether the project is archived. A plain request rather than swr, which this
 * remote does not otherwise load: swr would add its 5.6 KB gzipped chunk to a cold board
 * (scripts/bundle-budget.mjs).
 */
export function BoardBreadcrumb({ boardName, projectKey }: { boardName: string; projectKey: string }) {
  const projectName = useBoardStore((s) => (s.project?.key === projectKey ? s.project.name : undefined));
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
