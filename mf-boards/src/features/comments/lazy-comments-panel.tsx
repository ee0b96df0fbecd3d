import { lazy, Suspense, type ComponentProps } from 'react';
import { uiMessages } from '../../ui-messages';
import styles from './comments.module.css';

// The comments pane (its thread, Markdown editors and `@` picker) is loaded with the issue
// dialog, not with the board: the board screen draws it only inside a dialog.
const loadPanel = () => import(/* webpackChunkName: "comments" */ './comments-panel');
const LazyCommentsPanel = lazy(() => loadPanel().then((module) => ({ default: module.CommentsPanel })));

/** Starts loading the pane early (a card under the pointer or in focus is about to be opened). */
export const preloadComments = () => void loadPanel();

type CommentsPanelProps = ComponentProps<typeof LazyCommentsPanel>;

export function CommentsPanel(props: CommentsPanelProps) {
  return (
    <Suspense
      fallback={
        <p className={styles.muted} role="status">
          {uiMessages.loadingComments}
        </p>
      }
    >
      <LazyCommentsPanel {...props} />
    </Suspense>
  );
}
