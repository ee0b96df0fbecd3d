import type { AdminUserDto, PendingUsersResponse } from '@trackboard/contracts';
import { serverMessage, useSession } from '@trackboard/web-kit';
import { useCallback, useReducer, useState } from 'react';
import { AdminToasts, type AdminAlert } from '../../shared/admin-toasts';
import { changeListQuery, initialListQuery } from '../../shared/list-query';
import { ListToolbar } from '../../shared/list-toolbar';
import { UserDetailsDialog } from '../../shared/user-details-dialog';
import { uiMessages } from '../../ui-messages';
import type { AccountAction } from './account-actions';
import { useUsers } from './api';
import { AccountDialog, type ConfirmedAction } from './components/account-dialog';
import { StatusFilter } from './components/status-filter';
import { UsersList } from './components/users-list';
import { useAccountActions } from './use-account-actions';
import styles from '../../shared/admin-page.module.css';

type OpenDialog = { kind: 'details'; user: AdminUserDto } | { kind: ConfirmedAction; user: AdminUserDto } | null;

/**
 * /admin/users: every account, filtered by status, searched, sorted and paged by the
 * server as the approval list is; per account its role, suspension, a new verification e-mail,
 * deletion and its history in the moderation log.
 */
export function UsersPage() {
  const [query, changeQuery] = useReducer(changeListQuery, initialListQuery);
  const myId = useSession((state) => state.user?.id);

  // A page past the end (its last accounts were just deleted or filtered away): step back.
  const onLoaded = useCallback((loaded: PendingUsersResponse) => {
    if (loaded.totalPages > 0 && loaded.currentPage > loaded.totalPages)
      changeQuery({ type: 'page', page: loaded.totalPages, totalPages: loaded.totalPages });
  }, []);
  const { data, error, isValidating, mutate } = useUsers(query, onLoaded);
  // The changed account replaces its row at once; the page is then asked for again (filters, order).
  const actions = useAccountActions(
    (changed) =>
      void mutate(
        (page) =>
          page && changed
            ? { ...page, users: page.users.map((user) => (user.id === changed.id ? changed : user)) }
            : page,
        { revalidate: true },
      ),
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);

  const onAction = (action: AccountAction, user: AdminUserDto) =>
    action === 'resend' ? void actions.run('resend', user) : setDialog({ kind: action, user });

  // A dismissed load failure stays away until a later load fails anew (another error object).
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>();
  const loadAlerts: AdminAlert[] =
    error !== undefined && error !== dismissedLoadError
      ? [{ level: 'error', text: serverMessage(error) ?? uiMessages.loadFailed }]
      : [];
  const dismissAlert = (index: number) =>
    index < loadAlerts.length ? setDismissedLoadError(error) : actions.dismissAlert(index - loadAlerts.length);

  const confirming = dialog && dialog.kind !== 'details' ? { action: dialog.kind, user: dialog.user } : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.usersTitle}</h1>
      <AdminToasts alerts={[...loadAlerts, ...actions.alerts]} onDismiss={dismissAlert} />
      <ListToolbar
        limit={query.limit}
        onSearch={(searchTerm) => changeQuery({ type: 'search', searchTerm })}
        onPageSize={(limit) => changeQuery({ type: 'pageSize', limit })}
      >
        <StatusFilter
          status={query.statuses[0] ?? null}
          onChange={(status) => changeQuery({ type: 'statuses', statuses: status ? [status] : [] })}
        />
      </ListToolbar>
      <UsersList
        page={data}
        failed={error !== undefined}
        refreshing={isValidating}
        query={query}
        myId={myId}
        busy={actions.busy}
        onSort={(field) => changeQuery({ type: 'sort', field })}
        onPage={(page, totalPages) => changeQuery({ type: 'page', page, totalPages })}
        onDetails={(user) => setDialog({ kind: 'details', user })}
        onAction={onAction}
      />
      <UserDetailsDialog user={dialog?.kind === 'details' ? dialog.user : null} onClose={closeDialog} />
      <AccountDialog
        open={confirming}
        busy={actions.busy !== null && actions.busy.action === confirming?.action}
        onConfirm={(action, user, reason) => void actions.run(action, user, reason).finally(closeDialog)}
        onCancel={closeDialog}
      />
    </div>
  );
}
