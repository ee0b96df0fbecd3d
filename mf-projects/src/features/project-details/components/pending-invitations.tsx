import type { InvitationDto } from '@trackboard/contracts';
import { errorReason, formatAbsoluteTime, MessageBox } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useRef, useState } from 'react';
import { isNotFound } from '../../../projects-api';
import { uiMessages } from '../../../ui-messages';
import type { InvitationActions } from '../invitations-api';
import pageStyles from '../project-details-page.module.css';
import type { Outcome } from './invitation-outcome';
import styles from './project-invitations.module.css';

type Props = Pick<InvitationActions, 'invitations' | 'error' | 'resend' | 'withdraw'> & {
  onOutcome: (outcome: Outcome | undefined) => void;
};

/** The invitations not yet accepted, newest first: who invited, until when, Resend and Withdraw. */
export function PendingInvitations({ invitations, error, resend, withdraw, onOutcome }: Props) {
  const [busyId, setBusyId] = useState<string>();
  const [confirmDialog, confirm] = useConfirm();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const sendAgain = async ({ id, email }: InvitationDto) => {
    onOutcome(undefined);
    setBusyId(id);
    try {
      await resend(id);
      onOutcome({ tone: 'success', text: uiMessages.invitationResent(email) });
    } catch (failure) {
      onOutcome({ tone: 'error', text: uiMessages.resendFailed(errorReason(failure, uiMessages.resendDefault)) });
    } finally {
      setBusyId(undefined);
    }
  };

  const takeBack = async ({ id, email }: InvitationDto) => {
    const sure = await confirm({
      title: uiMessages.withdrawInvitationTitle,
      message: uiMessages.confirmWithdrawInvitation(email),
      confirmLabel: uiMessages.withdrawInvitation,
      danger: true,
    });
    if (!sure) return;
    onOutcome(undefined);
    setBusyId(id);
    try {
      await withdraw(id);
      onOutcome({ tone: 'success', text: uiMessages.invitationWithdrawn(email) });
      // Its row, and the button that had the focus, are gone: the keyboard carries on from the list.
      titleRef.current?.focus();
    } catch (failure) {
      onOutcome({ tone: 'error', text: uiMessages.withdrawFailed(errorReason(failure, uiMessages.withdrawDefault)) });
    } finally {
      setBusyId(undefined);
    }
  };

  return (
    <>
      {confirmDialog}
      <h3 id="pending-invitations-title" ref={titleRef} tabIndex={-1} className={styles.listTitle}>
        {uiMessages.pendingInvitationsTitle}
      </h3>
      {/* A 404 means the project itself is gone, which the page already says. */}
      {error !== undefined && !invitations && !isNotFound(error) && (
        <MessageBox tone="error">
          {uiMessages.invitationsLoadFailed(errorReason(error, uiMessages.invitationsDefault))}
        </MessageBox>
      )}
      {invitations && invitations.length === 0 && <p className={pageStyles.muted}>{uiMessages.noPendingInvitations}</p>}
      {invitations && invitations.length > 0 && (
        <ul className={pageStyles.members} aria-labelledby="pending-invitations-title">
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              busy={busyId === invitation.id}
              onResend={() => void sendAgain(invitation)}
              onWithdraw={() => void takeBack(invitation)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function InvitationRow({
  invitation,
  busy,
  onResend,
  onWithdraw,
}: {
  invitation: InvitationDto;
  busy: boolean;
  onResend: () => void;
  onWithdraw: () => void;
}) {
  const { email, invitedBy, expiresAt, expired } = invitation;
  return (
    <li className={pageStyles.member} aria-label={email}>
      <span className={styles.email}>{email}</span>
      <span className={styles.meta}>
        {uiMessages.invitedBy(invitedBy.name)} ·{' '}
        {expired ? (
          <span className={styles.expired}>{uiMessages.invitationExpired}</span>
        ) : (
          <>
            {uiMessages.invitationExpires} <time dateTime={expiresAt}>{formatAbsoluteTime(expiresAt)}</time>
          </>
        )}
      </span>
      <span className={pageStyles.memberActions}>
        <button
          type="button"
          className={styles.smallButton}
          aria-label={uiMessages.resendInvitationLabel(email)}
          disabled={busy}
          onClick={onResend}
        >
          {uiMessages.resendInvitation}
        </button>
        <button
          type="button"
          className={pageStyles.dangerButton}
          aria-label={uiMessages.withdrawInvitationLabel(email)}
          disabled={busy}
          onClick={onWithdraw}
        >
          {uiMessages.withdrawInvitation}
        </button>
      </span>
    </li>
  );
}
