import type { ProjectDto } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/**
 * Archive or Unarchive, for the lead or an admin: archiving asks first, since it
 * makes the project read-only for everyone; unarchiving just does it. A refusal is said beside it.
 */
export function ArchiveButton({
  project,
  onArchive,
  onUnarchive,
}: {
  project: Pick<ProjectDto, 'name' | 'archivedAt'>;
  onArchive: () => Promise<void>;
  onUnarchive: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const archived = project.archivedAt !== null;
  const [confirmDialog, confirm] = useConfirm();

  const run = async () => {
    const sure =
      archived ||
      (await confirm({
        title: uiMessages.archiveTitle,
        message: uiMessages.confirmArchive(project.name),
        confirmLabel: uiMessages.archive,
      }));
    if (!sure) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await (archived ? onUnarchive() : onArchive());
    } catch (error) {
      setProblem(errorReason(error, archived ? uiMessages.unarchiveDefault : uiMessages.archiveDefault));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {confirmDialog}
      <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => void run()}>
        {busy ? uiMessages.processing : archived ? uiMessages.unarchive : uiMessages.archive}
      </button>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
    </>
  );
}
