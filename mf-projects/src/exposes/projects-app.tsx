import { lazy, Suspense } from 'react';
import { useMatch, useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage, useCatalogue } from '@trackboard/web-kit';
import { BoardRedirectPage } from '../features/board-redirect/board-redirect-page';
import { ProjectDetailsPage } from '../features/project-details/project-details-page';
import { ProjectsPage } from '../features/projects/projects-page';

/**
 * This remote owns two URL trees: /projects[/:key] and /board/:key. The shell
 * mounts this one root at both `projects/*` and `board/*`, and descendant routes only see
 * the path below their mount, so /projects/ABC and /board/ABC both arrive here as `ABC`.
 * The routes are therefore kept per mount, and the mount is told apart by its prefix.
 */
// A cycle's page brings its chart library: loaded when one is opened.
const CyclePage = lazy(() => import('../features/cycles/cycle-page'));

const routesByMount = {
  projects: [
    { index: true, element: <ProjectsPage /> },
    { path: ':key', element: <ProjectDetailsPage /> },
    {
      path: ':key/cycles/:cycleId',
      element: (
        <Suspense fallback={null}>
          <CyclePage />
        </Suspense>
      ),
    },
    { path: '*', element: <NotFoundPage /> },
  ],
  board: [
    { path: ':key', element: <BoardRedirectPage /> },
    { path: '*', element: <NotFoundPage /> },
  ],
} satisfies Record<string, RouteObject[]>;

/** The one exposed root of mf_projects. */
export default function ProjectsApp() {
  const onBoardMount = useMatch('/board/*') !== null;
  const routes = useRoutes(onBoardMount ? routesByMount.board : routesByMount.projects);
  // Nothing until this app's words are here in the page's language: no English flash on a German page.
  const wordsHere = useCatalogue('projects');
  if (!wordsHere) return null;
  return (
    <div data-remote="mf_projects" data-remote-version={__REMOTE_BUILD_VERSION__}>
      {routes}
    </div>
  );
}
