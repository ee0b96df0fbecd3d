import type { AdminUserDto } from '@trackboard/contracts';
import { Link } from 'react-router';
import { displayName } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { accountActions, type AccountAction } from '../account-actions';
import type { UsersBusy } from '../use-account-actions';
import styles from '../../../shared/admin-page.module.css';

/** Each action's button, by the message naming it. */
const labels = {
  makeAdmin: 'makeAdmin',
  makeUser: 'makeUser',
  suspend: 'suspend',
  reactivate: 'reactivate',
  resend: 'resendEmail',
  delete: 'delete',
} as const satisfies Record<AccountAction, keyof typeof uiMessages>;
const look: Record<AccountAction, string | undefined> = {
  makeAdmin: styles.secondaryButton,
  makeUser: styles.secondaryButton,
  suspend: styles.rejectButton,
  reactivate: styles.approveButton,
  resend: styles.secondaryButton,
  delete: styles.rejectButton,
};

export interface AccountButtonsProps {
  user: AdminUserDto;
  myId: string | undefined;
  busy: UsersBusy;
  onAction(action: AccountAction, user: AdminUserDto): void;
}

/** What can be done to the account (account-actions.ts), and its history in the moderation log. */
export function AccountButtons({ user, myId, busy, onAction }: AccountButtonsProps) {
  return (
    <div className={styles.rowActions}>
      {accountActions(user, myId).map((action) => (
        <button
          key={action}
          type="button"
          className={look[action]}
          disabled={busy !== null}
          onClick={() => onAction(action, user)}
        >
          {busy?.userId === user.id && busy.action === action ? uiMessages.processing : uiMessages[labels[action]]}
        </button>
      ))}
      <Link
        className={styles.linkButton}
        to={`/admin/moderation-log?userId=${encodeURIComponent(user.id)}`}
        aria-label={uiMessages.historyOf(displayName(user))}
      >
        {uiMessages.history}
      </Link>
    </div>
  );
}
