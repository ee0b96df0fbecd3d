import type { ModerationLogResponse } from '@trackboard/contracts';
import { serverMessage, useMediaQuery } from '@trackboard/web-kit';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminToasts } from '../../shared/admin-toasts';
import { initialListQuery, type PageSize } from '../../shared/list-query';
import { PageSizeSelect } from '../../shared/list-toolbar';
import { mobileQuery, PaginationBar } from '../../shared/pagination-bar';
import { uiMessages } from '../../ui-messages';
import { useModerationLog } from './api';
import { LogCards, LogTable } from './components/log-entries';
import { accountName } from './log-words';
import styles from '../../shared/admin-page.module.css';

/**
 * /admin/moderation-log: every administrator's action on an account, newest first,
 * paged by the server. `?userId=` keeps one account's rows (the Users page's History, or a name
 * in the log); the filter lives in the address so it can be linked to and gone back from.
 */
export function ModerationLogPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') || null;
  const [limit, setLimit] = useState<PageSize>(initialListQuery.limit);
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const [paging, setPaging] = useState({ userId, page: 1 });
  const page = paging.userId === userId ? paging.page : 1;
  const toPage = (next: number) => setPaging({ userId, page: next });

  // A page past the end (fewer rows than when it was chosen): step back to the last there is.
  const onLoaded = useCallback(
    (loaded: ModerationLogResponse) => {
      if (loaded.totalPages > 0 && loaded.currentPage > loaded.totalPages)
        setPaging({ userId, page: loaded.totalPages });
    },
    [userId],
  );
  const { data, error, isValidating } = useModerationLog({ userId, page, limit }, onLoaded);
  const mobile = useMediaQuery(mobileQuery);
  const [dismissedError, setDismissedError] = useState<unknown>();
  const alerts =
    error !== undefined && error !== dismissedError
      ? [{ level: 'error' as const, text: serverMessage(error) ?? uiMessages.logLoadFailed }]
      : [];

  const subject = userId ? data?.entries.find((e) => e.user.id === userId)?.user : undefined;
  const Entries = mobile ? LogCards : LogTable;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.logTitle}</h1>
      <AdminToasts alerts={alerts} onDismiss={() => setDismissedError(error)} />
      <div className={styles.toolbar}>
        {userId ? (
          <p className={styles.filter}>
            <span>{uiMessages.logFor(subject ? accountName(subject) : `#${userId}`)}</span>
            <Link className={styles.linkButton} to={{ search: '' }}>
              {uiMessages.showAllEntries}
            </Link>
          </p>
        ) : (
          <span />
        )}
        <PageSizeSelect
          limit={limit}
          label={uiMessages.entriesPerPage}
          onPageSize={(next) => {
            setLimit(next);
            toPage(1);
          }}
        />
      </div>
      {data === undefined ? (
        error === undefined ? (
          <p role="status" className={styles.muted}>
            {uiMessages.loadingLog}
          </p>
        ) : null
      ) : (
        <>
          {isValidating ? (
            <p role="status" className={styles.refreshing}>
              {uiMessages.refreshing}
            </p>
          ) : null}
          {data.entries.length === 0 ? (
            <p className={styles.empty}>{uiMessages.noEntries}</p>
          ) : (
            <Entries entries={data.entries} />
          )}
          {data.totalEntries > 0 ? (
            <PaginationBar
              page={page}
              totalPages={data.totalPages}
              total={data.totalEntries}
              limit={limit}
              onPage={toPage}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
