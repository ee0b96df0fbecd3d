import { savedViewPath, type SavedViewDto } from '@trackboard/contracts';
import type { AppCommand } from '@trackboard/web-kit';

/** The palette's "Views": one command per saved view, opening its board address. */
export function viewCommands(views: readonly SavedViewDto[], navigate: (to: string) => void): AppCommand[] {
  return views.map((view) => ({
    id: `view.${view.id}`,
    label: `Open view: ${view.name} (${view.projectKey})`,
    group: 'Views',
    keywords: ['view', 'saved', 'board', 'filter', view.projectKey],
    run: () => navigate(savedViewPath(view)),
  }));
}
