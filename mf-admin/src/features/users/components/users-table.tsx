import { isAdmin, type AdminUserDto } from '@trackboard/contracts';
import type { SortProps } from '../../../shared/sort-controls';
import { SortableHeader } from '../../../shared/sort-controls';
import { DetailsButton, sortableColumns, StatusBadge } from '../../../shared/user-cells';
import { formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { AccountButtons, type AccountButtonsProps } from './account-buttons';
import styles from '../../../shared/admin-page.module.css';

export interface UsersRowsProps extends SortProps, Omit<AccountButtonsProps, 'user'> {
  users: AdminUserDto[];
  onDetails(user: AdminUserDto): void;
}

/** The name, marked when it is the administrator's own account (which has fewer actions). */
export function AccountName({ user, myId }: { user: AdminUserDto; myId: string | undefined }) {
  return (
    <>
      {user.name || uiMessages.notAvailable}
      {user.id === myId ? ` ${uiMessages.you}` : null}
    </>
  );
}

export const roleName = (user: AdminUserDto) => uiMessages.roleNames[isAdmin(user) ? 'admin' : 'user'];

/** Every account of one page, in the approval table's look: sortable headings, role, status, actions. */
export function UsersTable({ users, sortField, sortOrder, onSort, onDetails, ...buttons }: UsersRowsProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {sortableColumns.map((field) => (
              <SortableHeader key={field} field={field} sortField={sortField} sortOrder={sortOrder} onSort={onSort} />
            ))}
            <th scope="col">{uiMessages.roleColumn}</th>
            <th scope="col">{uiMessages.statusColumn}</th>
            <th scope="col">{uiMessages.actionsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <DetailsButton user={user} onDetails={onDetails} />
              </td>
              <td>
                <AccountName user={user} myId={buttons.myId} />
              </td>
              <td>{user.email}</td>
              <td>{formatDate(user.createdAt, { withTime: false })}</td>
              <td>{roleName(user)}</td>
              <td>
                <StatusBadge status={user.status} />
              </td>
              <td>
                <AccountButtons user={user} {...buttons} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
