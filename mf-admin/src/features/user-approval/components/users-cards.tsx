import { SortControls } from '../../../shared/sort-controls';
import { DetailsButton, StatusBadge } from '../../../shared/user-cells';
import { displayName, formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { RowActions, SelectAll, selectAllLabel } from './user-row-parts';
import type { UsersTableProps } from './users-table';
import styles from '../../../shared/admin-page.module.css';

/**
 * The pending users on a phone: the table's seven columns were wider than the
 * screen and put Approve and Reject out of sight, so each user is a card with its actions at
 * the bottom, and the sort the column headers gave is the shared SortControls.
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
          <span aria-hidden="true">{selectAllLabel()}</span>
        </label>
        <SortControls sortField={sortField} sortOrder={sortOrder} onSort={onSort} />
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
                  aria-label={uiMessages.selectUser(name)}
                  checked={selected}
                  onChange={() => onToggle(user.id)}
                />
                <span className={styles.cardName}>{user.name || uiMessages.notAvailable}</span>
                <StatusBadge status={user.status} />
              </div>
              <dl className={styles.cardFields}>
                <div>
                  <dt>{uiMessages.columns.id}</dt>
                  <dd>
                    <DetailsButton user={user} onDetails={onDetails} />
                  </dd>
                </div>
                <div>
                  <dt>{uiMessages.columns.email}</dt>
                  <dd>{user.email}</dd>
                </div>
                <div>
                  <dt>{uiMessages.columns.createdAt}</dt>
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
