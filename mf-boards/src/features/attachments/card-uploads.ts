import { showToast } from '@trackboard/web-kit';
import { attachmentTexts } from './attachment-texts';
import { progressOf, uploadFiles, useUploads } from './upload-store';

/**
 * Files dropped on a card: sent to its issue, their progress told to the card as they go (null
 * once none of the issue's is under way), and the outcome said in a toast, since the card shows
 * no list (its count follows from the board room).
 */
export async function attachDroppedFiles(
  issue: { id: string; key: string },
  files: File[],
  onProgress: (fraction: number | null) => void,
): Promise<void> {
  const report = () => onProgress(progressOf(useUploads.getState().uploads, issue.id));
  const stop = useUploads.subscribe(report);
  try {
    const sending = uploadFiles(issue.id, files);
    report();
    const landed = await sending;
    if (landed.length > 0) showToast({ text: attachmentTexts.attachedTo(landed.length, issue.key) });
  } finally {
    stop();
    report();
  }
}
