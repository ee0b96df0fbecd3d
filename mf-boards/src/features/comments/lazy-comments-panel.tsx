import type { ComponentProps } from 'react';
import { uiMessages } from '../../ui-messages';
import { lazyPart } from '../../shared/lazy-part';
import type { CommentsPanel as LoadedCommentsPanel } from './comments-panel';
import styles from './comments-pending.module.css';

type CommentsPanelProps = ComponentProps<typeof LoadedCommentsPanel>;

// The comments pane (its thread, Markdown editors and `@` picker) is loaded with the issue
// dialog, not with the board: the board screen draws it only inside a dialog. Should its code
// not arrive, only the pane says so, and fills in once it does (lazyPart).
const pane = lazyPart<CommentsPanelProps>({
  load: async () => (await import(/* webpackChunkName: "comments" */ './comments-panel')).CommentsPanel,
  loading: () => (
    <p className={styles.muted} role="status">
      {uiMessages.loadingComments}
    </p>
  ),
  failed: (_props, { retry, retrying }) => (
    <div className={styles.panel} role="alert">
      <p className={styles.muted}>
        {uiMessages.commentsLoadFailed} {retrying ? uiMessages.commentsLoadWhenBack : null}
      </p>
      <div>
        <button type="button" className={styles.button} onClick={retry}>
          {uiMessages.retry}
        </button>
      </div>
    </div>
  ),
});

export const CommentsPanel = pane.Part;

/** Starts loading the pane early (a card under the pointer or in focus is about to be opened). */
export const preloadComments = pane.preload;
