import type { AdminUserDto } from '@trackboard/contracts';
import { useEffect, useRef } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../../../shared/admin-page.module.css';

// The approval list's own parts of a row and a card: its actions and the selection.

/** The action under way, so its button can say "Processing..." and the others wait. */
export type Busy = { action: 'approve' | 'reject' | 'resend' | 'bulk-approve' | 'bulk-reject'; userId?: string } | null;

export interface RowActionHandlers {
  onDetails(user: AdminUserDto): void;
  onApprove(user: AdminUserDto): void;
  onReject(user: AdminUserDto): void;
  onResend(user: AdminUserDto): void;
}

/** Approve and Reject for an account awaiting approval; Resend Email for one awaiting verification. */
export function RowActions({
  user,
  busy,
  onApprove,
  onReject,
  onResend,
}: { user: AdminUserDto; busy: Busy } & Omit<RowActionHandlers, 'onDetails'>) {
  const working = busy !== null;
  const mine = busy?.userId === user.id;
  return (
    <div className={styles.rowActions}>
      {user.status === 'PENDING_APPROVAL' ? (
        <>
          <button type="button" className={styles.approveButton} disabled={working} onClick={() => onApprove(user)}>
            {mine && busy?.action === 'approve' ? uiMessages.processing : uiMessages.approve}
          </button>
          <button type="button" className={styles.rejectButton} disabled={working} onClick={() => onReject(user)}>
            {mine && busy?.action === 'reject' ? uiMessages.processing : uiMessages.reject}
          </button>
        </>
      ) : null}
      {user.status === 'PENDING_VERIFICATION' ? (
        <button type="button" className={styles.secondaryButton} disabled={working} onClick={() => onResend(user)}>
          {mine && busy?.action === 'resend' ? uiMessages.processing : uiMessages.resendEmail}
        </button>
      ) : null}
    </div>
  );
}

/** The select-all box's name (a function: read when drawn, in the page's language). */
export const selectAllLabel = () => uiMessages.selectAllUsers;

/** A native checkbox whose third, "partly selected" state can only be set from script. */
export function SelectAll({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange(): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={selectAllLabel()}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
