import { lazy, Suspense } from 'react';

// The panel and its chart library load in a chunk of their own: the project page draws without
// them, and the panel takes its place once loaded.
const ProgressPanel = lazy(() => import('./progress-panel'));

/** The project page's progress panel (any member sees it). */
export function ProjectProgressPanel({ projectKey }: { projectKey: string }) {
  return (
    <Suspense fallback={null}>
      <ProgressPanel projectKey={projectKey} />
    </Suspense>
  );
}
