import type { AdminUserDto, PendingUsersResponse } from '@trackboard/contracts';
import { useCallback, useReducer, useState } from 'react';
import { errorReason } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { adminUsersApi, usePendingUsers } from './api';
import { AdminAlerts, type AdminAlert } from './components/admin-alerts';
import { ApproveDialog } from './components/approve-dialog';
import { BulkBar } from './components/bulk-bar';
import { ListToolbar } from './components/list-toolbar';
import { PaginationBar } from './components/pagination-bar';
import { RejectDialog } from './components/reject-dialog';
import { UserDetailsDialog } from './components/user-details-dialog';
import { UsersTable, type Busy } from './components/users-table';
import { changeListQuery, initialListQuery, listQueryString } from './list-query';
import { displayName } from './user-fields';
import styles from './user-approval-page.module.css';

type OpenDialog = { kind: 'details' | 'approve' | 'reject'; user: AdminUserDto } | null;

/** A selection belongs to the list it was made on: another page, search or sort starts empty. */
type Selection = { list: string; ids: ReadonlySet<string> };

/** Admin user management, /admin/user-approval (spec §2.16, §5, §7.5, §8.5). */
export function UserApprovalPage() {
  const [query, changeQuery] = useReducer(changeListQuery, initialListQuery);
  const list = listQueryString(query);

  // A page past the end (its last users were just approved) answers no users but the real
  // totals: step back to the last page there is.
  const onLoaded = useCallback((loaded: PendingUsersResponse) => {
    if (loaded.totalPages > 0 && loaded.currentPage > loaded.totalPages) changeQuery({ type: 'page', page: loaded.totalPages, totalPages: loaded.totalPages });
  }, []);
  const { data, error, isValidating, mutate } = usePendingUsers(query, onLoaded);

  const [selection, setSelection] = useState<Selection>({ list, ids: new Set() });
  const [alerts, setAlerts] = useState<AdminAlert[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const users = data?.users ?? [];
  const selectedIds = new Set(selection.list === list ? users.filter((user) => selection.ids.has(user.id)).map((user) => user.id) : []);
  const selectedUsers = users.filter((user) => selectedIds.has(user.id));

  const select = (ids: Iterable<string>) => setSelection({ list, ids: new Set(ids) });
  const toggle = (userId: string) => select(selectedIds.has(userId) ? [...selectedIds].filter((id) => id !== userId) : [...selectedIds, userId]);
  const toggleAll = () => select(selectedIds.size === users.length ? [] : users.map((user) => user.id));
  const refresh = () => void mutate();

  const approve = async (user: AdminUserDto) => {
    setBusy({ action: 'approve', userId: user.id });
    try {
      await adminUsersApi.approve(user.id);
      setAlerts([{ level: 'success', text: uiMessages.approved(displayName(user)) }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: errorReason(failure, uiMessages.approveFailed) }]);
    } finally {
      setBusy(null);
      setDialog(null);
      refresh();
    }
  };

  const reject = async (user: AdminUserDto, reason: string) => {
    setBusy({ action: 'reject', userId: user.id });
    try {
      await adminUsersApi.reject(user.id, reason);
      setAlerts([{ level: 'success', text: uiMessages.rejected(displayName(user), reason) }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: errorReason(failure, uiMessages.rejectFailed) }]);
    } finally {
      setBusy(null);
      setDialog(null);
      refresh();
    }
  };

  const resend = async (user: AdminUserDto) => {
    setBusy({ action: 'resend', userId: user.id });
    try {
      await adminUsersApi.resendVerification(user.id);
      setAlerts([{ level: 'success', text: uiMessages.resent(displayName(user)) }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: errorReason(failure, uiMessages.resendFailed) }]);
    } finally {
      setBusy(null);
    }
  };

  /**
   * Spec §7.5: a bulk action is the single-user call for each selected user, one at a time.
   * A failure does not stop the others; the users it failed for stay selected.
   */
  const runBulk = async (kind: 'approve' | 'reject') => {
    const words =
      kind === 'approve'
        ? { none: uiMessages.noneSelectedForApproval, confirm: uiMessages.confirmBulkApprove, done: uiMessages.bulkApproved, failed: uiMessages.bulkApproveFailed }
        : { none: uiMessages.noneSelectedForRejection, confirm: uiMessages.confirmBulkReject, done: uiMessages.bulkRejected, failed: uiMessages.bulkRejectFailed };
    const chosen = selectedUsers;
    if (chosen.length === 0) return setAlerts([{ level: 'warning', text: words.none }]);
    if (!window.confirm(words.confirm(chosen.length))) return;

    setBusy({ action: kind === 'approve' ? 'bulk-approve' : 'bulk-reject' });
    setAlerts([]);
    const failedIds: string[] = [];
    for (const user of chosen) {
      try {
        await (kind === 'approve' ? adminUsersApi.approve(user.id) : adminUsersApi.reject(user.id, uiMessages.bulkRejectionReason));
      } catch {
        failedIds.push(user.id);
      }
    }
    const succeeded = chosen.length - failedIds.length;
    setAlerts([
      ...(succeeded > 0 ? [{ level: 'success' as const, text: words.done(succeeded) }] : []),
      ...(failedIds.length > 0 ? [{ level: 'error' as const, text: words.failed }] : []),
    ]);
    setSelection({ list, ids: new Set(failedIds) });
    setBusy(null);
    refresh();
  };

  const loadAlert: AdminAlert[] = error !== undefined ? [{ level: 'error', text: errorReason(error, uiMessages.loadFailed) }] : [];

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.title}</h1>
      <AdminAlerts alerts={loadAlert} />
      <AdminAlerts alerts={alerts} onDismiss={(index) => setAlerts((current) => current.filter((_, i) => i !== index))} />
      <ListToolbar
        limit={query.limit}
        onSearch={(searchTerm) => changeQuery({ type: 'search', searchTerm })}
        onPageSize={(limit) => changeQuery({ type: 'pageSize', limit })}
      />

      {data === undefined ? (
        error === undefined ? (
          <p role="status" className={styles.muted}>
            {uiMessages.loading}
          </p>
        ) : null
      ) : (
        <>
          {isValidating ? (
            <p role="status" className={styles.refreshing}>
              {uiMessages.refreshing}
            </p>
          ) : null}
          {users.length === 0 ? (
            <p className={styles.empty}>{uiMessages.noUsers}</p>
          ) : (
            <>
              <BulkBar selectedCount={selectedIds.size} busy={busy} onApproveSelected={() => void runBulk('approve')} onRejectSelected={() => void runBulk('reject')} />
              <UsersTable
                users={users}
                selectedIds={selectedIds}
                sortField={query.sortField}
                sortOrder={query.sortOrder}
                busy={busy}
                onToggle={toggle}
                onToggleAll={toggleAll}
                onSort={(field) => changeQuery({ type: 'sort', field })}
                onDetails={(user) => setDialog({ kind: 'details', user })}
                onApprove={(user) => setDialog({ kind: 'approve', user })}
                onReject={(user) => setDialog({ kind: 'reject', user })}
                onResend={(user) => void resend(user)}
              />
            </>
          )}
          {data.totalUsers > 0 ? (
            <PaginationBar
              page={query.page}
              totalPages={data.totalPages}
              totalUsers={data.totalUsers}
              limit={query.limit}
              onPage={(page) => changeQuery({ type: 'page', page, totalPages: data.totalPages })}
            />
          ) : null}
        </>
      )}

      <UserDetailsDialog user={dialog?.kind === 'details' ? dialog.user : null} onClose={() => setDialog(null)} />
      <ApproveDialog user={dialog?.kind === 'approve' ? dialog.user : null} busy={busy?.action === 'approve'} onConfirm={(user) => void approve(user)} onCancel={() => setDialog(null)} />
      <RejectDialog
        user={dialog?.kind === 'reject' ? dialog.user : null}
        busy={busy?.action === 'reject'}
        onConfirm={(user, reason) => void reject(user, reason)}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
