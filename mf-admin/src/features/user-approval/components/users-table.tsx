import type { AdminUserDto } from '@trackboard/contracts';
import { uiMessages } from '../../../ui-messages';
import type { SortField, SortOrder } from '../../../shared/list-query';
import { SortableHeader } from '../../../shared/sort-controls';
import { DetailsButton, sortableColumns, StatusBadge } from '../../../shared/user-cells';
import { displayName, formatDate } from '../../../shared/user-fields';
import { RowActions, SelectAll, type Busy, type RowActionHandlers } from './user-row-parts';
import styles from '../../../shared/admin-page.module.css';

export interface UsersTableProps extends RowActionHandlers {
  users: AdminUserDto[];
  selectedIds: ReadonlySet<string>;
  sortField: SortField;
  sortOrder: SortOrder;
  busy: Busy;
  onToggle(userId: string): void;
  onToggleAll(): void;
  onSort(field: SortField): void;
}

/** The pending users of one page: selection, sortable headers, row actions. */
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
  ...actions
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
            {sortableColumns.map((field) => (
              <SortableHeader key={field} field={field} sortField={sortField} sortOrder={sortOrder} onSort={onSort} />
            ))}
            <th scope="col">{uiMessages.statusColumn}</th>
            <th scope="col">{uiMessages.actionsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={selectedIds.has(user.id) ? styles.selectedRow : undefined}>
              <td className={styles.checkCell}>
                <input
                  type="checkbox"
                  aria-label={uiMessages.selectUser(displayName(user))}
                  checked={selectedIds.has(user.id)}
                  onChange={() => onToggle(user.id)}
                />
              </td>
              <td>
                <DetailsButton user={user} onDetails={onDetails} />
              </td>
              <td>{user.name || uiMessages.notAvailable}</td>
              <td>{user.email}</td>
              <td>{formatDate(user.createdAt, { withTime: false })}</td>
              <td>
                <StatusBadge status={user.status} />
              </td>
              <td>
                <RowActions user={user} busy={busy} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
