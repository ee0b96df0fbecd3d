import { useMediaQuery } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';
import { pageItems, shownRange } from './pagination';
import styles from './admin-page.module.css';

/** Spec §9: below 768px is mobile. */
export const mobileQuery = '(max-width: 767px)';

export interface PaginationBarProps {
  page: number;
  totalPages: number;
  /** How many rows there are in all (users, log entries). */
  total: number;
  limit: number;
  onPage(page: number): void;
}

/**
 * Spec §2.16: "Showing X to Y of N results", Prev/Next and the page numbers (first, last,
 * current ± 1, "..." between); on a phone only Previous and Next.
 */
export function PaginationBar({ page, totalPages, total, limit, onPage }: PaginationBarProps) {
  const mobile = useMediaQuery(mobileQuery);
  const atFirst = page <= 1;
  const atLast = page >= totalPages;

  if (mobile) {
    return (
      <nav className={styles.pagination} aria-label={uiMessages.paginationLabel}>
        <button type="button" className={styles.pageButton} disabled={atFirst} onClick={() => onPage(page - 1)}>
          {uiMessages.previous}
        </button>
        <button type="button" className={styles.pageButton} disabled={atLast} onClick={() => onPage(page + 1)}>
          {uiMessages.next}
        </button>
      </nav>
    );
  }

  const { from, to } = shownRange(page, limit, total);
  return (
    <div className={styles.pagination}>
      <p className={styles.range}>{uiMessages.showing(from, to, total)}</p>
      <nav className={styles.pages} aria-label={uiMessages.paginationLabel}>
        <button
          type="button"
          className={styles.pageButton}
          // Starts with the word shown (WCAG 2.5.3): "Prev" is spec §2.16's label.
          aria-label={uiMessages.prevPage}
          disabled={atFirst}
          onClick={() => onPage(page - 1)}
        >
          {uiMessages.prev}
        </button>
        {pageItems(page, totalPages).map((item) =>
          item.type === 'gap' ? (
            <span key={`gap-${item.after}`} className={styles.gap}>
              ...
            </span>
          ) : (
            <button
              key={item.page}
              type="button"
              className={`${styles.pageButton} ${item.page === page ? styles.currentPage : ''}`}
              aria-label={uiMessages.pageNumber(item.page)}
              aria-current={item.page === page ? 'page' : undefined}
              onClick={() => onPage(item.page)}
            >
              {item.page}
            </button>
          ),
        )}
        <button
          type="button"
          className={styles.pageButton}
          aria-label={uiMessages.nextPage}
          disabled={atLast}
          onClick={() => onPage(page + 1)}
        >
          {uiMessages.next}
        </button>
      </nav>
    </div>
  );
}
