import { uiMessages } from '../../../ui-messages';
import { bulkWords } from '../bulk-moderation';
import type { Busy } from './user-row-parts';
import styles from '../../../shared/admin-page.module.css';

export interface BulkBarProps {
  selectedCount: number;
  busy: Busy;
  onApproveSelected(): void;
  onRejectSelected(): void;
}

/** Spec §2.16: how many users are selected, and the two bulk actions. */
export function BulkBar({ selectedCount, busy, onApproveSelected, onRejectSelected }: BulkBarProps) {
  return (
    <div className={styles.bulkBar} role="group" aria-label={uiMessages.bulkActionsLabel}>
      <p className={styles.bulkCount} aria-live="polite">
        {uiMessages.selectedCount(selectedCount)}
      </p>
      <div className={styles.bulkActions}>
        <button type="button" className={styles.approveButton} disabled={busy !== null} onClick={onApproveSelected}>
          {busy?.action === 'bulk-approve' ? uiMessages.processing : bulkWords.approve.action}
        </button>
        <button type="button" className={styles.rejectButton} disabled={busy !== null} onClick={onRejectSelected}>
          {busy?.action === 'bulk-reject' ? uiMessages.processing : bulkWords.reject.action}
        </button>
      </div>
    </div>
  );
}
