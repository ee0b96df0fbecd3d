import type { AdminUserDto } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import { Modal, modalStyles } from '../../../shared/modal';
import { displayName } from '../../../shared/user-fields';

export interface RejectDialogProps {
  /** The user to reject; none: closed. */
  user: AdminUserDto | null;
  busy: boolean;
  onConfirm(user: AdminUserDto, reason: string): void;
  onCancel(): void;
}

/**
 * Spec §2.16: warns that rejecting may not be reversible, takes an optional reason for the
 * internal log, and offers "Confirm Reject" and Cancel.
 */
export function RejectDialog({ user, busy, onConfirm, onCancel }: RejectDialogProps) {
  return (
    <Modal
      open={user !== null}
      title={uiMessages.rejectUserTitle}
      description={user ? uiMessages.confirmReject(displayName(user), user.email) : undefined}
      busy={busy}
      onClose={onCancel}
    >
      {/* Keyed by user: a reason typed for one user never carries over to the next. */}
      {user ? <RejectForm key={user.id} user={user} busy={busy} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function RejectForm({ user, busy, onConfirm, onCancel }: Omit<RejectDialogProps, 'user'> & { user: AdminUserDto }) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(user, reason.trim());
  };
  return (
    <form onSubmit={submit}>
      <label className={modalStyles.label} htmlFor="reject-reason">
        {uiMessages.rejectReasonLabel}
      </label>
      <textarea
        id="reject-reason"
        className={modalStyles.textarea}
        rows={3}
        maxLength={1000}
        value={reason}
        disabled={busy}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className={modalStyles.actions}>
        <button type="button" className={modalStyles.secondary} disabled={busy} onClick={onCancel}>
          {uiMessages.cancel}
        </button>
        <button type="submit" className={modalStyles.reject} disabled={busy}>
          {busy ? uiMessages.processing : uiMessages.confirmRejectButton}
        </button>
      </div>
    </form>
  );
}
