import type { AdminUserDto } from '@trackboard/contracts';
import { uiMessages } from '../ui-messages';
import type { SortField } from './list-query';
import styles from './admin-page.module.css';

// What an account's row in a table and its card on a phone show on every admin page.

/** The columns a list sorts by, in the table's order. */
export const sortableColumns = Object.keys(uiMessages.columns) as SortField[];

export function StatusBadge({ status }: { status: AdminUserDto['status'] }) {
  return (
    <span className={`${styles.badge} ${styles[`status_${status}`] ?? ''}`}>
      {uiMessages.statuses[status] ?? status}
    </span>
  );
}

/** The user's id, opening the dialog with every field. */
export function DetailsButton({ user, onDetails }: { user: AdminUserDto; onDetails(user: AdminUserDto): void }) {
  return (
    <button type="button" className={styles.idButton} title={uiMessages.showAllDetails} onClick={() => onDetails(user)}>
      {user.id}
    </button>
  );
}
