import { uiMessages } from '../../../ui-messages';
import { displayName, formatDate } from '../user-fields';
import {
  columnLabels,
  DetailsButton,
  RowActions,
  SelectAll,
  selectAllLabel,
  sortableColumns,
  StatusBadge,
} from './user-row-parts';
import type { UsersTableProps } from './users-table';
import styles from '../user-approval-page.module.css';

/**
 * The pending users on a phone (issue 16): the table's seven columns were wider than the
 * screen and put Approve and Reject out of sight, so each user is a card with its actions at
 * the bottom, and the sort the column headers gave is a select plus a direction button.
 */
export function UsersCards({
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
  const ascending = sortOrder === 'asc';

  return (
    <>
      <div className={styles.cardsBar}>
        <label className={styles.selectAllLabel}>
          <SelectAll
            checked={allSelected}
            indeterminate={selectedCount > 0 && !allSelected}
            disabled={users.length === 0}
            onChange={onToggleAll}
          />
          <span aria-hidden="true">{selectAllLabel}</span>
        </label>
        <div className={styles.sortControls}>
          <label htmlFor="admin-sort-field">{uiMessages.sortByLabel}</label>
          <select
            id="admin-sort-field"
            className={styles.select}
            value={sortField}
            onChange={(event) => onSort(event.target.value as UsersTableProps['sortField'])}
          >
            {sortableColumns.map(({ field, label }) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
          </select>
          {/* Named for what it does; the arrow shows the order in force, as the table's header does. */}
          <button
            type="button"
            className={styles.pageButton}
            aria-label={ascending ? uiMessages.sortDescending : uiMessages.sortAscending}
            onClick={() => onSort(sortField)}
          >
            <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>
          </button>
        </div>
      </div>
      <ul className={styles.cards} aria-label={uiMessages.pendingUsersLabel}>
        {users.map((user) => {
          const name = displayName(user);
          const selected = selectedIds.has(user.id);
          return (
            <li
              key={user.id}
              aria-label={name}
              className={selected ? `${styles.userCard} ${styles.selectedCard}` : styles.userCard}
            >
              <div className={styles.cardHead}>
                <input
                  type="checkbox"
                  aria-label={`Select ${name}`}
                  checked={selected}
                  onChange={() => onToggle(user.id)}
                />
                <span className={styles.cardName}>{user.name || uiMessages.notAvailable}</span>
                <StatusBadge status={user.status} />
              </div>
              <dl className={styles.cardFields}>
                <div>
                  <dt>{columnLabels.id}</dt>
                  <dd>
                    <DetailsButton user={user} onDetails={onDetails} />
                  </dd>
                </div>
                <div>
                  <dt>{columnLabels.email}</dt>
                  <dd>{user.email}</dd>
                </div>
                <div>
                  <dt>{columnLabels.createdAt}</dt>
                  <dd>{formatDate(user.createdAt, { withTime: false })}</dd>
                </div>
              </dl>
              <RowActions user={user} busy={busy} {...actions} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
