import type { AdminUserDto } from '@trackboard/contracts';
import { uiMessages } from '../../../ui-messages';
import { Modal, modalStyles } from '../../../shared/modal';
import { displayName } from '../../../shared/user-fields';

export interface ApproveDialogProps {
  /** The user to approve; none: closed. */
  user: AdminUserDto | null;
  busy: boolean;
  onConfirm(user: AdminUserDto): void;
  onCancel(): void;
}

/** Spec §2.16: "Are you sure you want to approve user {name} ({email})?" with Approve and Cancel. */
export function ApproveDialog({ user, busy, onConfirm, onCancel }: ApproveDialogProps) {
  return (
    <Modal
      open={user !== null}
      title={uiMessages.approveUserTitle}
      description={user ? uiMessages.confirmApprove(displayName(user), user.email) : undefined}
      busy={busy}
      onClose={onCancel}
    >
      {user ? (
        <div className={modalStyles.actions}>
          <button type="button" className={modalStyles.secondary} disabled={busy} onClick={onCancel}>
            {uiMessages.cancel}
          </button>
          <button type="button" className={modalStyles.approve} disabled={busy} onClick={() => onConfirm(user)}>
            {busy ? uiMessages.processing : uiMessages.approve}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
