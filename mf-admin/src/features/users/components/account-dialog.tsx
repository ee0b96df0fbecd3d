import type { AdminUserDto } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { Modal, modalStyles } from '../../../shared/modal';
import { displayName } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import type { AccountAction } from '../account-actions';

/** The actions asked about first, with a reason for the log; a new verification e-mail is sent at once. */
export type ConfirmedAction = Exclude<AccountAction, 'resend'>;

// Titles and buttons are functions: read when the dialog opens, in the page's language.
const words: Record<
  ConfirmedAction,
  { title(): string; question(name: string, email: string): string; confirm(): string; tone: 'approve' | 'reject' }
> = {
  makeAdmin: {
    title: () => uiMessages.changeRoleTitle,
    question: uiMessages.confirmMakeAdmin,
    confirm: () => uiMessages.makeAdmin,
    tone: 'approve',
  },
  makeUser: {
    title: () => uiMessages.changeRoleTitle,
    question: uiMessages.confirmMakeUser,
    confirm: () => uiMessages.makeUser,
    tone: 'reject',
  },
  suspend: {
    title: () => uiMessages.suspendUserTitle,
    question: uiMessages.confirmSuspend,
    confirm: () => uiMessages.confirmSuspendButton,
    tone: 'reject',
  },
  reactivate: {
    title: () => uiMessages.reactivateUserTitle,
    question: uiMessages.confirmReactivate,
    confirm: () => uiMessages.confirmReactivateButton,
    tone: 'approve',
  },
  delete: {
    title: () => uiMessages.deleteUserTitle,
    question: uiMessages.confirmDelete,
    confirm: () => uiMessages.deleteUserTitle,
    tone: 'reject',
  },
};

export interface AccountDialogProps {
  /** The action asked about and its account; none: closed. */
  open: { action: ConfirmedAction; user: AdminUserDto } | null;
  busy: boolean;
  onConfirm(action: ConfirmedAction, user: AdminUserDto, reason: string): void;
  onCancel(): void;
}

/**
 * Every change to an account is confirmed, as rejection is on the approval page (spec
 * §2.16): what it does, an optional reason kept in the moderation log, Confirm and Cancel.
 */
export function AccountDialog({ open, busy, onConfirm, onCancel }: AccountDialogProps) {
  const word = open ? words[open.action] : null;
  return (
    <Modal
      open={open !== null}
      title={word?.title() ?? ''}
      description={open && word ? word.question(displayName(open.user), open.user.email) : undefined}
      busy={busy}
      onClose={onCancel}
    >
      {/* Keyed by account and action: a reason typed for one never carries over to the next. */}
      {open && word ? (
        <ReasonForm
          key={`${open.action}-${open.user.id}`}
          confirm={word.confirm()}
          tone={word.tone}
          busy={busy}
          onConfirm={(reason) => onConfirm(open.action, open.user, reason)}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

function ReasonForm({
  confirm,
  tone,
  busy,
  onConfirm,
  onCancel,
}: {
  confirm: string;
  tone: 'approve' | 'reject';
  busy: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <form onSubmit={submit}>
      <label className={modalStyles.label} htmlFor="account-action-reason">
        {uiMessages.reasonLabel}
      </label>
      <textarea
        id="account-action-reason"
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
        <button type="submit" className={modalStyles[tone]} disabled={busy}>
          {busy ? uiMessages.processing : confirm}
        </button>
      </div>
    </form>
  );
}
