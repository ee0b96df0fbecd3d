import { uiMessages } from '../../ui-messages';
import type { AdminAlert } from '../../shared/admin-toasts';

// Bulk approval and rejection, without React or the network.

export type BulkKind = 'approve' | 'reject';

/** What each bulk action says: nothing chosen, the confirmation, success, and failure. */
export const bulkWords = {
  approve: {
    /** The bulk bar's button, and the title and button of the dialog that asks. */
    get action() {
      return uiMessages.approveSelected;
    },
    get none() {
      return uiMessages.noneSelectedForApproval;
    },
    confirm: uiMessages.confirmBulkApprove,
    done: uiMessages.bulkApproved,
    get failed() {
      return uiMessages.bulkApproveFailed;
    },
  },
  reject: {
    get action() {
      return uiMessages.rejectSelected;
    },
    get none() {
      return uiMessages.noneSelectedForRejection;
    },
    confirm: uiMessages.confirmBulkReject,
    done: uiMessages.bulkRejected,
    get failed() {
      return uiMessages.bulkRejectFailed;
    },
  },
};

/** The alerts after a bulk run over `total` users of which `failed` failed: a success count, a failure, or both. */
export function bulkAlerts(kind: BulkKind, total: number, failed: number): AdminAlert[] {
  const succeeded = total - failed;
  return [
    ...(succeeded > 0 ? [{ level: 'success' as const, text: bulkWords[kind].done(succeeded) }] : []),
    ...(failed > 0 ? [{ level: 'error' as const, text: bulkWords[kind].failed }] : []),
  ];
}
