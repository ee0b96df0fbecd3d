import type { PendingUsersResponse } from '@trackboard/contracts';
import { useMediaQuery } from '@trackboard/web-kit';
import { uiMessages } from '../../../ui-messages';
import type { ListQuery } from '../../../shared/list-query';
import { mobileQuery, PaginationBar } from '../../../shared/pagination-bar';
import { BulkBar } from './bulk-bar';
import { UsersCards } from './users-cards';
import { UsersTable, type UsersTableProps } from './users-table';
import styles from '../../../shared/admin-page.module.css';

type RowProps = Omit<UsersTableProps, 'users' | 'sortField' | 'sortOrder'>;

interface PendingUsersListProps extends RowProps {
  /** The loaded page; undefined until the first answer. */
  page: PendingUsersResponse | undefined;
  failed: boolean;
  refreshing: boolean;
  query: ListQuery;
  onApproveSelected(): void;
  onRejectSelected(): void;
  onPage(page: number, totalPages: number): void;
}

/**
 * The list part of the screen: loading, refreshing, empty, or the users with their
 * bulk bar and pages — a table, or cards on a phone.
 */
export function PendingUsersList({
  page,
  failed,
  refreshing,
  query,
  onApproveSelected,
  onRejectSelected,
  onPage,
  ...rows
}: PendingUsersListProps) {
  const mobile = useMediaQuery(mobileQuery);
  if (page === undefined) {
    return failed ? null : (
      <p role="status" className={styles.muted}>
        {uiMessages.loading}
      </p>
    );
  }
  return (
    <>
      {refreshing ? (
        <p role="status" className={styles.refreshing}>
          {uiMessages.refreshing}
        </p>
      ) : null}
      {page.users.length === 0 ? (
        <p className={styles.empty}>{uiMessages.noUsers}</p>
      ) : (
        <>
          <BulkBar
            selectedCount={rows.selectedIds.size}
            busy={rows.busy}
            onApproveSelected={onApproveSelected}
            onRejectSelected={onRejectSelected}
          />
          {mobile ? (
            <UsersCards users={page.users} sortField={query.sortField} sortOrder={query.sortOrder} {...rows} />
          ) : (
            <UsersTable users={page.users} sortField={query.sortField} sortOrder={query.sortOrder} {...rows} />
          )}
        </>
      )}
      {page.totalUsers > 0 ? (
        <PaginationBar
          page={query.page}
          totalPages={page.totalPages}
          total={page.totalUsers}
          limit={query.limit}
          onPage={(next) => onPage(next, page.totalPages)}
        />
      ) : null}
    </>
  );
}
