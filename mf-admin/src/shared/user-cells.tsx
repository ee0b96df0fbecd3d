import type { AdminUserDto } from '@trackboard/contracts';
import type { SortField } from './list-query';
import styles from './admin-page.module.css';

// What an account's row in a table and its card on a phone show on every admin page.

/** The sortable columns' headings, in the table's order. */
export const columnLabels: Record<SortField, string> = {
  id: 'User ID',
  name: 'Name',
  email: 'Email',
  createdAt: 'Registration Date',
};

export const sortableColumns = (Object.keys(columnLabels) as SortField[]).map((field) => ({
  field,
  label: columnLabels[field],
}));

/** Every status as the admin pages name it (spec §2.16 names the two pending ones). */
export const statusLabels: Record<AdminUserDto['status'], string> = {
  ACTIVE: 'Active',
  PENDING_VERIFICATION: 'Pending Verification',
  PENDING_APPROVAL: 'Pending Approval',
  REJECTED: 'Rejected',
  SUSPENDED: 'Suspended',
};

export function StatusBadge({ status }: { status: AdminUserDto['status'] }) {
  return (
    <span className={`${styles.badge} ${styles[`status_${status}`] ?? ''}`}>{statusLabels[status] ?? status}</span>
  );
}

/** The user's id, opening the dialog with every field. */
export function DetailsButton({ user, onDetails }: { user: AdminUserDto; onDetails(user: AdminUserDto): void }) {
  return (
    <button type="button" className={styles.idButton} title="Show all details" onClick={() => onDetails(user)}>
      {user.id}
    </button>
  );
}
