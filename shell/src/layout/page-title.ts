import { matchPath } from 'react-router';

// Header titles by route (spec §2.14: derived from the current path, default "App").
const titles: ReadonlyArray<readonly [pattern: string, title: string]> = [
  ['/dashboard', 'Dashboard'],
  ['/projects', 'Projects'],
  ['/projects/:key', 'Project Details'],
  ['/boards/:boardId', 'Board'],
  ['/boards/:boardId/issues/:key', 'Board'],
  ['/boards/:boardId/settings', 'Board Settings'],
  ['/board/:key', 'Board'],
  ['/profile', 'Profile'],
  ['/search', 'Search'],
  ['/my-issues', 'My Issues'],
  ['/admin/user-approval', 'User Approval'],
  ['/admin/users', 'Users'],
  ['/admin/moderation-log', 'Moderation Log'],
  ['/admin/releases', 'Releases'],
];

export const defaultPageTitle = 'App';

export function pageTitle(pathname: string): string {
  return titles.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? defaultPageTitle;
}
