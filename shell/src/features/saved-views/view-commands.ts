import { savedViewPath, type SavedViewDto } from '@trackboard/contracts';
import type { AppCommand } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

/** The palette's "Views": one command per saved view, opening its board address. */
export function viewCommands(views: readonly SavedViewDto[], navigate: (to: string) => void): AppCommand[] {
  return views.map((view) => ({
    id: `view.${view.id}`,
    label: uiMessages.openView(view.name, view.projectKey),
    group: uiMessages.views,
    keywords: ['view', 'saved', 'board', 'filter', view.projectKey],
    run: () => navigate(savedViewPath(view)),
  }));
}
