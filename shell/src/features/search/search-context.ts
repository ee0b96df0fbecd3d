import { matchPath } from 'react-router';

/** What a search may favour of the page it starts from (GET /search's project and board). */
export type SearchContext = { project?: string; board?: string };

const projectKeyOf = (issueKey: string) => issueKey.slice(0, issueKey.lastIndexOf('-')).toUpperCase();

/**
 * The project on screen at `pathname`, by key where the address names it (a project's page,
 * /board/KEY, an issue's deep link), else the board (/boards/:id): its issues rank first among
 * equal matches.
 */
export function searchContextOf(pathname: string): SearchContext {
  const issue = matchPath('/boards/:boardId/issues/:issueKey', pathname)?.params.issueKey;
  if (issue && issue.includes('-')) return { project: projectKeyOf(issue) };
  const project =
    matchPath('/projects/:key/*', pathname)?.params.key ?? matchPath('/board/:key/*', pathname)?.params.key;
  if (project) return { project: project.toUpperCase() };
  const board = matchPath('/boards/:boardId/*', pathname)?.params.boardId;
  return board ? { board } : {};
}

/** The context as query parameters (none when there is none). */
export function contextParams(context: SearchContext): Record<string, string> {
  return {
    ...(context.project ? { project: context.project } : {}),
    ...(context.board ? { board: context.board } : {}),
  };
}
