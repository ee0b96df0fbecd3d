import type { AdminUserDto, ModerationResponse } from '@trackboard/contracts';
import { serverMessage } from '@trackboard/web-kit';
import { useState } from 'react';
import type { AdminAlert } from '../../shared/admin-toasts';
import { displayName } from '../../shared/user-fields';
import { uiMessages } from '../../ui-messages';
import type { AccountAction } from './account-actions';
import { usersApi } from './api';

/** The action under way, so its button says "Processing..." and the others wait. */
export type UsersBusy = { action: AccountAction; userId: string } | null;

/** Each action's call, and what its toast says when it is done or failed (the server's reason first). */
const steps: Record<
  AccountAction,
  { call(user: AdminUserDto, reason: string): Promise<unknown>; done(name: string): string; failed(): string }
> = {
  makeAdmin: {
    call: (user, reason) => usersApi.setRole(user.id, 'admin', reason),
    done: uiMessages.madeAdmin,
    failed: () => uiMessages.roleFailed,
  },
  makeUser: {
    call: (user, reason) => usersApi.setRole(user.id, 'user', reason),
    done: uiMessages.madeUser,
    failed: () => uiMessages.roleFailed,
  },
  suspend: {
    call: (user, reason) => usersApi.setStatus(user.id, 'SUSPENDED', reason),
    done: uiMessages.suspended,
    failed: () => uiMessages.suspendFailed,
  },
  reactivate: {
    call: (user, reason) => usersApi.setStatus(user.id, 'ACTIVE', reason),
    done: uiMessages.reactivated,
    failed: () => uiMessages.reactivateFailed,
  },
  resend: {
    call: (user) => usersApi.resendVerification(user.id),
    done: uiMessages.resent,
    failed: () => uiMessages.resendFailed,
  },
  delete: {
    call: (user, reason) => usersApi.remove(user.id, reason),
    done: uiMessages.deleted,
    failed: () => uiMessages.deleteFailed,
  },
};

/** The account as the server left it, when the action's answer carries it (role and status changes). */
const changedUser = (answer: unknown) =>
  answer && typeof answer === 'object' && 'user' in answer ? (answer as ModerationResponse).user : undefined;

/**
 * The administrator's actions on the Users page and what they came to, as toasts in
 * the approval page's words and shape. After each one the list is asked for again; `refresh`
 * gets the changed account first, so its row shows the change with the toast, not a request later.
 */
export function useAccountActions(refresh: (changed?: AdminUserDto) => void) {
  const [alerts, setAlerts] = useState<AdminAlert[]>([]);
  const [busy, setBusy] = useState<UsersBusy>(null);

  const run = async (action: AccountAction, user: AdminUserDto, reason = '') => {
    const step = steps[action];
    setBusy({ action, userId: user.id });
    let changed: AdminUserDto | undefined;
    try {
      changed = changedUser(await step.call(user, reason));
      setAlerts([{ level: 'success', text: step.done(displayName(user)) }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: serverMessage(failure) ?? step.failed() }]);
    } finally {
      setBusy(null);
      refresh(changed);
    }
  };

  const dismissAlert = (index: number) => setAlerts((current) => current.filter((_, i) => i !== index));
  return { alerts, dismissAlert, busy, run };
}
