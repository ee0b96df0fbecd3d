import { uiMessages } from '../../ui-messages';
import { preloadAttachments } from '../attachments';
import { preloadComments } from '../comments';
import { lazyPart } from '../../shared/lazy-part';
import { DialogLoadFailed } from './dialog-load-failed';
import type { IssueDialogProps } from './issue-dialog';
import styles from './loading-dialog.module.css';

// The issue dialog is loaded on first use: its pickers, tabs and Markdown stay out
// of the board's first load. A card under the pointer or in focus starts loading it early.
// Should its code not arrive (the server down for a moment), only the dialog fails: the board
// keeps what it shows, and the dialog opens once the code does (lazyPart).
const dialog = lazyPart<IssueDialogProps>({
  load: async () => {
    // The comments pane and the attachments are chunks of their own: they start loading alongside.
    preloadComments();
    preloadAttachments();
    return (await import(/* webpackChunkName: "issue-dialog" */ './issue-dialog')).IssueDialog;
  },
  loading: () => (
    <div className={styles.loading} role="status">
      {uiMessages.loadingIssue}
    </div>
  ),
  failed: ({ onClose }, failure) => <DialogLoadFailed failure={failure} onClose={onClose} />,
});

export const IssueDialog = dialog.Part;
export const preloadIssueDialog = dialog.preload;

export type { IssueDialogProps };
