import { uiMessages } from '../ui-messages';
import type { SortField, SortOrder } from './list-query';
import { sortableColumns } from './user-cells';
import styles from './admin-page.module.css';

export interface SortProps {
  sortField: SortField;
  sortOrder: SortOrder;
  onSort(field: SortField): void;
}

/** A table's sortable heading: a button that sorts by its column, the order said by aria-sort and an arrow. */
export function SortableHeader({ field, sortField, sortOrder, onSort }: SortProps & { field: SortField }) {
  const active = field === sortField;
  return (
    <th scope="col" aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
        {uiMessages.columns[field]}
        {active ? (
          <span className={styles.sortArrow} aria-hidden="true" data-testid="sort-arrow">
            {sortOrder === 'asc' ? '▲' : '▼'}
          </span>
        ) : null}
      </button>
    </th>
  );
}

/**
 * On a phone the cards have no headings to click: the sort the headings give is a
 * select plus a direction button.
 */
export function SortControls({ sortField, sortOrder, onSort }: SortProps) {
  const ascending = sortOrder === 'asc';
  return (
    <div className={styles.sortControls}>
      <label htmlFor="admin-sort-field">{uiMessages.sortByLabel}</label>
      <select
        id="admin-sort-field"
        className={styles.select}
        value={sortField}
        onChange={(event) => onSort(event.target.value as SortField)}
      >
        {sortableColumns.map((field) => (
          <option key={field} value={field}>
            {uiMessages.columns[field]}
          </option>
        ))}
      </select>
      {/* Named for what it does; the arrow shows the order in force, as the table's header does. */}
      <button
        type="button"
        className={styles.pageButton}
        aria-label={ascending ? uiMessages.sortDescending : uiMessages.sortAscending}
        onClick={() => onSort(sortField)}
      >
        <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>
      </button>
    </div>
  );
}
