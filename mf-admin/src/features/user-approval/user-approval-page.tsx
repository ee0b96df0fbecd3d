import type { PendingUsersResponse } from '@trackboard/contracts';
import { serverMessage } from '@trackboard/web-kit';
import { useCallback, useReducer, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { usePendingUsers } from './api';
import { AdminToasts, type AdminAlert } from '../../shared/admin-toasts';
import { changeListQuery, initialListQuery, listQueryString, type ListQuery } from '../../shared/list-query';
import { ListToolbar } from '../../shared/list-toolbar';
import { InvitedApprovalSetting } from './components/invited-approval-setting';
import { ModerationDialogs, type OpenDialog } from './components/moderation-dialogs';
import { PendingUsersList } from './components/pending-users-list';
import { useListSelection } from './use-list-selection';
import { useModeration } from './use-moderation';
import styles from '../../shared/admin-page.module.css';

/** Spec §7.5: the list holds the accounts an administrator still has to act on. */
const approvalQuery: ListQuery = { ...initialListQuery, statuses: ['PENDING_APPROVAL', 'PENDING_VERIFICATION'] };

/** Admin user management, /admin/user-approval. */
export function UserApprovalPage() {
  const [query, changeQuery] = useReducer(changeListQuery, approvalQuery);
  const list = listQueryString(query);

  // A page past the end (its last users were just approved) answers no users but the real
  // totals: step back to the last page there is.
  const onLoaded = useCallback((loaded: PendingUsersResponse) => {
    if (loaded.totalPages > 0 && loaded.currentPage > loaded.totalPages)
      changeQuery({ type: 'page', page: loaded.totalPages, totalPages: loaded.totalPages });
  }, []);
  const { data, error, isValidating, mutate } = usePendingUsers(query, onLoaded);

  const selection = useListSelection(list, data?.users ?? []);
  const moderation = useModeration(() => void mutate());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);

  // A dismissed load failure stays away until a later load fails anew (another error object).
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>();
  const loadAlerts: AdminAlert[] =
    error !== undefined && error !== dismissedLoadError
      ? [{ level: 'error', text: serverMessage(error) ?? uiMessages.loadFailed }]
      : [];
  const dismissAlert = (index: number) =>
    index < loadAlerts.length ? setDismissedLoadError(error) : moderation.dismissAlert(index - loadAlerts.length);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.title}</h1>
      <InvitedApprovalSetting />
      <AdminToasts alerts={[...loadAlerts, ...moderation.alerts]} onDismiss={dismissAlert} />
      <ListToolbar
        limit={query.limit}
        onSearch={(searchTerm) => changeQuery({ type: 'search', searchTerm })}
        onPageSize={(limit) => changeQuery({ type: 'pageSize', limit })}
      />
      <PendingUsersList
        page={data}
        failed={error !== undefined}
        refreshing={isValidating}
        query={query}
        selectedIds={selection.selectedIds}
        busy={moderation.busy}
        onToggle={selection.toggle}
        onToggleAll={selection.toggleAll}
        onSort={(field) => changeQuery({ type: 'sort', field })}
        onPage={(page, totalPages) => changeQuery({ type: 'page', page, totalPages })}
        onApproveSelected={() => void moderation.runBulk('approve', selection.selectedUsers, selection.select)}
        onRejectSelected={() => void moderation.runBulk('reject', selection.selectedUsers, selection.select)}
        onDetails={(user) => setDialog({ kind: 'details', user })}
        onApprove={(user) => setDialog({ kind: 'approve', user })}
        onReject={(user) => setDialog({ kind: 'reject', user })}
        onResend={(user) => void moderation.resend(user)}
      />
      <ModerationDialogs
        dialog={dialog}
        busy={moderation.busy}
        onApprove={(user) => void moderation.approve(user).finally(closeDialog)}
        onReject={(user, reason) => void moderation.reject(user, reason).finally(closeDialog)}
        onClose={closeDialog}
      />
      {moderation.confirmDialog}
    </div>
  );
}
