import { showToast } from '@trackboard/web-kit';
import { boardText } from '../../ui-messages';

/**
 * Files dropped on a card go to its issue. The upload code loads on the first drop, not with
 * the board: the cold board has a byte budget (scripts/bundle-budget.mjs) and few visits drop a file.
 */
export function attachToIssue(
  issue: { id: string; key: string },
  files: File[],
  onProgress: (fraction: number | null) => void,
): void {
  import(/* webpackChunkName: "attachment-uploads" */ './card-uploads')
    .then(({ attachDroppedFiles }) => attachDroppedFiles(issue, files, onProgress))
    .catch(() => {
      onProgress(null);
      showToast({ text: boardText('attachConnectionLost'), tone: 'error' });
    });
}
