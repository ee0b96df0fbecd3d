import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { uiMessages } from '../../ui-messages';
import styles from './issue-dialog.module.css';

/** "Delete Issue", asked first in the app's own dialog (Undo in the toast brings it back). */
export function DeleteIssueButton({ onDelete }: { onDelete(): void }) {
  const [confirmDialog, confirm] = useConfirm();
  const ask = async () => {
    const sure = await confirm({
      title: uiMessages.deleteIssueTitle,
      message: uiMessages.confirmDeleteIssue,
      confirmLabel: uiMessages.delete,
      danger: true,
    });
    if (sure) onDelete();
  };
  return (
    <>
      <button type="button" className={styles.danger} onClick={() => void ask()}>
        {uiMessages.deleteIssue}
      </button>
      {confirmDialog}
    </>
  );
}
