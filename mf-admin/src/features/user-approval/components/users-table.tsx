import type { AdminUserDto } from '@trackboard/contracts';
import { useEffect, useRef } from 'react';
import { uiMessages } from '../../../ui-messages';
import type { SortField, SortOrder } from '../list-query';
import { displayName, formatDate } from '../user-fields';
import styles from '../user-approval-page.module.css';

/** The action under way, so its button can say "Processing..." and the others wait. */
export type Busy = { action: 'approve' | 'reject' | 'resend' | 'bulk-approve' | 'bulk-reject'; userId?: string } | null;

export interface UsersTableProps {
  users: AdminUserDto[];
  selectedIds: ReadonlySet<string>;
  sortField: SortField;
  sortOrder: SortOrder;
  busy: Busy;
  onToggle(userId: string): void;
  onToggleAll(): void;
  onSort(field: SortField): void;
  onDetails(user: AdminUserDto): void;
  onApprove(user: AdminUserDto): void;
  onReject(user: AdminUserDto): void;
  onResend(user: AdminUserDto): void;
}

const sortableColumns: { field: SortField; label: string }[] = [
  { field: 'id', label: 'User ID' },
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'Email' },
  { field: 'createdAt', label: 'Registration Date' },
];

const statusLabels: Partial<Record<AdminUserDto['status'], string>> = {
  PENDING_APPROVAL: 'Pending Approval',
  PENDING_VERIFICATION: 'Pending Verification',
};

/** The pending users of one page (spec §2.16): selection, sortable headers, row actions. */
export function UsersTable({
  users,
  selectedIds,
  sortField,
  sortOrder,
  busy,
  onToggle,
  onToggleAll,
  onSort,
  onDetails,
  onApprove,
  onReject,
  onResend,
}: UsersTableProps) {
  const selectedCount = users.filter((user) => selectedIds.has(user.id)).length;
  const allSelected = users.length > 0 && selectedCount === users.length;

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <SelectAll
                checked={allSelected}
                indeterminate={selectedCount > 0 && !allSelected}
                disabled={users.length === 0}
                onChange={onToggleAll}
              />
            </th>
            {sortableColumns.map(({ field, label }) => {
              const active = field === sortField;
              return (
                <th
                  key={field}
                  scope="col"
                  aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
                    {label}
                    {active ? (
                      <span className={styles.sortArrow} aria-hidden="true" data-testid="sort-arrow">
                        {sortOrder === 'asc' ? '▲' : '▼'}
                      </span>
                    ) : null}
                  </button>
                </th>
              );
            })}
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = displayName(user);
            const working = busy !== null;
            const mine = busy?.userId === user.id;
            return (
              <tr key={user.id} className={selectedIds.has(user.id) ? styles.selectedRow : undefined}>
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={selectedIds.has(user.id)}
                    onChange={() => onToggle(user.id)}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className={styles.idButton}
                    title="Show all details"
                    onClick={() => onDetails(user)}
                  >
                    {user.id}
                  </button>
                </td>
                <td>{user.name || uiMessages.notAvailable}</td>
                <td>{user.email}</td>
                <td>{formatDate(user.createdAt, { withTime: false })}</td>
                <td>
                  <span className={`${styles.badge} ${styles[`status_${user.status}`] ?? ''}`}>
                    {statusLabels[user.status] ?? user.status}
                  </span>
                </td>
                <td>
                  <div className={styles.rowActions}>
                    {user.status === 'PENDING_APPROVAL' ? (
                      <>
                        <button
                          type="button"
                          className={styles.approveButton}
                          disabled={working}
                          onClick={() => onApprove(user)}
                        >
                          {mine && busy?.action === 'approve' ? uiMessages.processing : 'Approve'}
                        </button>
                        <button
                          type="button"
                          className={styles.rejectButton}
                          disabled={working}
                          onClick={() => onReject(user)}
                        >
                          {mine && busy?.action === 'reject' ? uiMessages.processing : 'Reject'}
                        </button>
                      </>
                    ) : null}
                    {user.status === 'PENDING_VERIFICATION' ? (
                      <button
                        type="button"
                        className={styles.secondaryButton}
                        disabled={working}
                        onClick={() => onResend(user)}
                      >
                        {mine && busy?.action === 'resend' ? uiMessages.processing : 'Resend Email'}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A native checkbox whose third, "partly selected" state can only be set from script. */
function SelectAll({
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
      aria-label="Select all users"
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
