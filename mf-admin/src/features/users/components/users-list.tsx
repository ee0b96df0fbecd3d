import type { PendingUsersResponse } from '@trackboard/contracts';
import { useMediaQuery } from '@trackboard/web-kit';
import type { ListQuery } from '../../../shared/list-query';
import { mobileQuery, PaginationBar } from '../../../shared/pagination-bar';
import { uiMessages } from '../../../ui-messages';
import { UsersCards } from './users-cards';
import { UsersTable, type UsersRowsProps } from './users-table';
import styles from '../../../shared/admin-page.module.css';

interface UsersListProps extends Omit<UsersRowsProps, 'users' | 'sortField' | 'sortOrder'> {
  /** The loaded page; undefined until the first answer. */
  page: PendingUsersResponse | undefined;
  failed: boolean;
  refreshing: boolean;
  query: ListQuery;
  onPage(page: number, totalPages: number): void;
}

/** The list part of the Users page: loading, refreshing, empty, or the accounts and their pages. */
export function UsersList({ page, failed, refreshing, query, onPage, ...rows }: UsersListProps) {
  const mobile = useMediaQuery(mobileQuery);
  if (page === undefined) {
    return failed ? null : (
      <p role="status" className={styles.muted}>
        {uiMessages.loadingUsers}
      </p>
    );
  }
  const Rows = mobile ? UsersCards : UsersTable;
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
        <Rows users={page.users} sortField={query.sortField} sortOrder={query.sortOrder} {...rows} />
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
