import { matchPath } from 'react-router';

// Header titles by route (spec §2.14: derived from the current path, default "App").
const titles: ReadonlyArray<readonly [pattern: string, title: string]> = [
  ['/dashboard', 'Dashboard'],
  ['/projects', 'Projects'],
  ['/projects/:key', 'Project Details'],
  ['/boards/:boardId', 'Board'],
  ['/boards/:boardId/issues/:key', 'Board'],
  ['/board/:key', 'Board'],
  ['/profile', 'Profile'],
  ['/admin/user-approval', 'User Approval'],
  ['/admin/users', 'Users'],
  ['/admin/moderation-log', 'Moderation Log'],
  ['/admin/releases', 'Releases'],
];

export const defaultPageTitle = 'App';

export function pageTitle(pathname: string): string {
  return titles.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? defaultPageTitle;
}
