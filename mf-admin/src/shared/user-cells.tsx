import type { AdminUserDto } from '@trackboard/contracts';
import { uiMessages } from '../ui-messages';
import type { SortField } from './list-query';
import styles from './admin-page.module.css';

// What an account's row in a table and its card on a phone show on every admin page.

/** The sortable columns' headings, in the table's order (read when drawn, in the page's language). */
export const columnLabels: Record<SortField, string> = {
  get id() {
    return uiMessages.columnId;
  },
  get name() {
    return uiMessages.columnName;
  },
  get email() {
    return uiMessages.columnEmail;
  },
  get createdAt() {
    return uiMessages.columnCreatedAt;
  },
};

export const sortableColumns = (Object.keys(columnLabels) as SortField[]).map((field) => ({
  field,
  get label() {
    return columnLabels[field];
  },
}));

/** Every status as the admin pages name it (spec §2.16 names the two pending ones). */
export const statusLabels: Record<AdminUserDto['status'], string> = {
  get ACTIVE() {
    return uiMessages.statusActive;
  },
  get PENDING_VERIFICATION() {
    return uiMessages.statusPendingVerification;
  },
  get PENDING_APPROVAL() {
    return uiMessages.statusPendingApproval;
  },
  get REJECTED() {
    return uiMessages.statusRejected;
  },
  get SUSPENDED() {
    return uiMessages.statusSuspended;
  },
};

export function StatusBadge({ status }: { status: AdminUserDto['status'] }) {
  return (
    <span className={`${styles.badge} ${styles[`status_${status}`] ?? ''}`}>{statusLabels[status] ?? status}</span>
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
