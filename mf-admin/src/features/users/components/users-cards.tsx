import { SortControls } from '../../../shared/sort-controls';
import { DetailsButton, StatusBadge } from '../../../shared/user-cells';
import { displayName, formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { AccountButtons } from './account-buttons';
import { AccountName, roleName, type UsersRowsProps } from './users-table';
import styles from '../../../shared/admin-page.module.css';

/** Every account of one page on a phone: a card each, its actions at the bottom, as on the approval page. */
export function UsersCards({ users, sortField, sortOrder, onSort, onDetails, ...buttons }: UsersRowsProps) {
  return (
    <>
      <div className={styles.cardsBar}>
        <SortControls sortField={sortField} sortOrder={sortOrder} onSort={onSort} />
      </div>
      <ul className={styles.cards} aria-label={uiMessages.usersLabel}>
        {users.map((user) => (
          <li key={user.id} aria-label={displayName(user)} className={styles.userCard}>
            <div className={styles.cardHead}>
              <span className={styles.cardName}>
                <AccountName user={user} myId={buttons.myId} />
              </span>
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
              <div>
                <dt>{uiMessages.roleColumn}</dt>
                <dd>{roleName(user)}</dd>
              </div>
            </dl>
            <AccountButtons user={user} {...buttons} />
          </li>
        ))}
      </ul>
    </>
  );
}
