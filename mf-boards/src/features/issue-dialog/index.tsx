import { lazy, Suspense } from 'react';
import { uiMessages } from '../../ui-messages';
import { preloadComments } from '../comments';
import type { IssueDialogProps } from './issue-dialog';
import styles from './loading-dialog.module.css';

// The issue dialog is loaded on first use (issue 12): its pickers, tabs and Markdown stay out
// of the board's first load. A card under the pointer or in focus starts loading it early.

// The comments pane is a chunk of its own (features/comments): it starts loading alongside.
const loadDialog = () => {
  preloadComments();
  return import(/* webpackChunkName: "issue-dialog" */ './issue-dialog');
};
const LazyIssueDialog = lazy(() => loadDialog().then((module) => ({ default: module.IssueDialog })));

export const preloadIssueDialog = () => void loadDialog();

export function IssueDialog(props: IssueDialogProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.loading} role="status">
          {uiMessages.loadingIssue}
        </div>
      }
    >
      <LazyIssueDialog {...props} />
    </Suspense>
  );
}

export type { IssueDialogProps };
export type { EditOutcome, IssueFieldChanges } from './types';
