import { matchPath } from 'react-router';
import { uiMessages } from '../ui-messages';

// Header titles by route (spec §2.14: derived from the current path, default "App"), each read
// when asked for, in the page's language.
const titles: ReadonlyArray<readonly [pattern: string, title: () => string]> = [
  ['/dashboard', () => uiMessages.dashboard],
  ['/projects', () => uiMessages.projects],
  ['/projects/:key', () => uiMessages.projectDetails],
  ['/boards/:boardId', () => uiMessages.board],
  ['/boards/:boardId/issues/:key', () => uiMessages.board],
  ['/boards/:boardId/settings', () => uiMessages.boardSettings],
  ['/board/:key', () => uiMessages.board],
  ['/profile', () => uiMessages.profile],
  ['/search', () => uiMessages.search],
  ['/my-issues', () => uiMessages.myIssues],
  ['/admin/user-approval', () => uiMessages.userApproval],
  ['/admin/users', () => uiMessages.users],
  ['/admin/moderation-log', () => uiMessages.moderationLog],
  ['/admin/releases', () => uiMessages.releases],
];

/** The header's title of a path the shell knows; undefined for any other. */
export function knownPageTitle(pathname: string): string | undefined {
  return titles.find(([pattern]) => matchPath(pattern, pathname))?.[1]();
}

export function pageTitle(pathname: string): string {
  return knownPageTitle(pathname) ?? uiMessages.defaultPageTitle;
}
