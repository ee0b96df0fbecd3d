import type { AdminUserDto } from '@trackboard/contracts';
import { serverMessage } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { adminUsersApi } from './api';
import { bulkAlerts, bulkWords, type BulkKind } from './bulk-moderation';
import type { AdminAlert } from '../../shared/admin-toasts';
import { displayName } from '../../shared/user-fields';
import type { Busy } from './components/user-row-parts';

/**
 * The administrator's actions on pending users and what they came to (the
 * alerts). Each action says what is under way (`busy`) and asks for the list
 * again once it is done. A bulk action asks first in the app's own dialog (`confirmDialog`,
 * rendered by the page).
 */
export function useModeration(refresh: () => void) {
  const [alerts, setAlerts] = useState<AdminAlert[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmDialog, confirm] = useConfirm();

  /** One call for one user: its success text, or the server's reason / `failedText`. */
  const moderate = async (
    action: 'approve' | 'reject' | 'resend',
    user: AdminUserDto,
    call: () => Promise<unknown>,
    doneText: string,
    failedText: string,
  ) => {
    setBusy({ action, userId: user.id });
    try {
      await call();
      setAlerts([{ level: 'success', text: doneText }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: serverMessage(failure) ?? failedText }]);
    } finally {
      setBusy(null);
      // A new verification e-mail leaves the list as it was.
      if (action !== 'resend') refresh();
    }
  };

  const approve = (user: AdminUserDto) =>
    moderate(
      'approve',
      user,
      () => adminUsersApi.approve(user.id),
      uiMessages.approved(displayName(user)),
      uiMessages.approveFailed,
    );
  const reject = (user: AdminUserDto, reason: string) =>
    moderate(
      'reject',
      user,
      () => adminUsersApi.reject(user.id, reason),
      uiMessages.rejected(displayName(user), reason),
      uiMessages.rejectFailed,
    );
  const resend = (user: AdminUserDto) =>
    moderate(
      'resend',
      user,
      () => adminUsersApi.resendVerification(user.id),
      uiMessages.resent(displayName(user)),
      uiMessages.resendFailed,
    );

  /**
   * Spec §7.5: a bulk action is the single-user call for each chosen user, one at a time. A
   * failure does not stop the others; `keepSelected` receives the users it failed for.
   */
  const runBulk = async (kind: BulkKind, chosen: AdminUserDto[], keepSelected: (ids: string[]) => void) => {
    if (chosen.length === 0) return setAlerts([{ level: 'warning', text: bulkWords[kind].none }]);
    const words = bulkWords[kind];
    const sure = await confirm({
      title: words.action,
      message: words.confirm(chosen.length),
      confirmLabel: words.action,
      danger: kind === 'reject',
    });
    if (!sure) return;
    setBusy({ action: kind === 'approve' ? 'bulk-approve' : 'bulk-reject' });
    setAlerts([]);
    const failedIds: string[] = [];
    for (const user of chosen) {
      try {
        await (kind === 'approve'
          ? adminUsersApi.approve(user.id)
          : adminUsersApi.reject(user.id, uiMessages.bulkRejectionReason));
      } catch {
        failedIds.push(user.id);
      }
    }
    setAlerts(bulkAlerts(kind, chosen.length, failedIds.length));
    keepSelected(failedIds);
    setBusy(null);
    refresh();
  };

  const dismissAlert = (index: number) => setAlerts((current) => current.filter((_, i) => i !== index));
  return { alerts, dismissAlert, busy, approve, reject, resend, runBulk, confirmDialog };
}
