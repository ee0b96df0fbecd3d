import { adminPageSizes } from '@trackboard/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { uiMessages } from '../ui-messages';
import { isPageSize, type PageSize } from './list-query';
import styles from './admin-page.module.css';

/** How long typing must pause before the list is searched again. */
export const searchDebounceMs = 400;

export interface ListToolbarProps {
  limit: PageSize;
  onSearch(searchTerm: string): void;
  onPageSize(limit: PageSize): void;
  /** The page's own filters (the Users page's status), between the search and the page size. */
  children?: ReactNode;
}

/** The search box (debounced; Enter searches at once) and the page-size select. */
export function ListToolbar({ limit, onSearch, onPageSize, children }: ListToolbarProps) {
  const [typed, setTyped] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const searchLater = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value.trim()), searchDebounceMs);
  };
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(typed.trim());
  };

  return (
    <div className={styles.toolbar}>
      <form role="search" className={styles.search} onSubmit={searchNow}>
        <label className={styles.visuallyHidden} htmlFor="admin-user-search">
          {uiMessages.searchLabel}
        </label>
        <input
          id="admin-user-search"
          type="search"
          className={styles.input}
          placeholder={uiMessages.searchLabel}
          value={typed}
          autoComplete="off"
          onChange={(event) => searchLater(event.target.value)}
        />
      </form>
      {children}
      <PageSizeSelect limit={limit} label={uiMessages.pageSizeLabel} onPageSize={onPageSize} />
    </div>
  );
}

/** How many rows a page shows (spec §2.16's choices), named for what the rows are. */
export function PageSizeSelect({
  limit,
  label,
  onPageSize,
}: {
  limit: PageSize;
  label: string;
  onPageSize(limit: PageSize): void;
}) {
  return (
    <div className={styles.pageSize}>
      <label htmlFor="admin-page-size">{label}</label>
      <select
        id="admin-page-size"
        className={styles.select}
        value={limit}
        onChange={(event) => {
          const size = Number(event.target.value);
          if (isPageSize(size)) onPageSize(size);
        }}
      >
        {adminPageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
