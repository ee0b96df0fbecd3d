import { Breadcrumb } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { labelMessages } from './label-messages';
import { boardPath } from './settings-path';

const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

/** Projects › {project} › {board} › Settings: the board's trail, one step further. */
export function SettingsBreadcrumb({
  boardId,
  boardName,
  projectKey,
}: {
  boardId: string;
  boardName: string;
  projectKey: string;
}) {
  const projectName = useBoardStore((s) => (s.project?.key === projectKey ? s.project.name : undefined));
  return (
    <Breadcrumb
      items={[
        { label: uiMessages.projectsCrumb, to: '/projects' },
        { label: projectName ?? projectKey, to: projectPath(projectKey) },
        { label: boardName, to: boardPath(boardId) },
        { label: labelMessages.settingsCrumb },
      ]}
    />
  );
}
