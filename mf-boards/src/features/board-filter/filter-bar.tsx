import type { BoardUser, LabelDto } from '@trackboard/contracts';
import { useMemo, useRef } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { FilterMenu } from './filter-menu';
import { filterChips, filterOptions } from './filter-options';
import { listFields, toggled, type BoardFilter, type ListField } from './filter-params';
import { FilterText } from './filter-text';
import styles from './filter-bar.module.css';

export interface FilterBarProps {
  filter: BoardFilter;
  active: boolean;
  shown: number;
  total: number;
  users: BoardUser[];
  labels: LabelDto[];
  setQuery(q: string): void;
  flushQuery(): void;
  removeQuery(): void;
  setValues<F extends ListField>(field: F, values: BoardFilter[F]): void;
  clear(): void;
}

/**
 * The board's filter bar: the text box, a menu per field, a chip per active choice,
 * Clear, and "Showing N of M issues" in a polite live region (there from the start, so screen
 * readers hear it change; empty while nothing is filtered).
 */
export function FilterBar(props: FilterBarProps) {
  const { filter, active, shown, total, users, labels, setQuery, flushQuery, removeQuery, setValues, clear } = props;
  const scale = useBoardStore((state) => state.board?.estimateScale ?? 'none');
  const options = useMemo(() => filterOptions(users, labels, scale), [users, labels, scale]);
  const chips = filterChips(filter, options);
  // Estimates only where the project uses them (or the address still chooses some).
  const fields = listFields.filter((field) => field !== 'estimate' || scale !== 'none' || filter.estimate.length > 0);
  const toggle = (field: ListField, value: string) =>
    setValues(field, toggled(filter[field] as string[], value) as BoardFilter[typeof field]);
  const query = filter.q.trim();
  const barRef = useRef<HTMLDivElement | null>(null);
  // A chip's button (or Clear) goes away when pressed: the focus goes to the text box, not the page.
  const thenFocusText = (change: () => void) => () => {
    change();
    barRef.current?.querySelector<HTMLInputElement>('[data-board-filter]')?.focus();
  };

  return (
    <div ref={barRef} className={styles.bar} role="search" aria-label="Board filter">
      <div className={styles.controls}>
        <FilterText value={filter.q} onChange={setQuery} onDone={flushQuery} />
        {fields.map((field) => (
          <FilterMenu
            key={field}
            name={uiMessages.filterFields[field]}
            options={options[field]}
            chosen={filter[field]}
            onToggle={(value) => toggle(field, value)}
          />
        ))}
        <p className={styles.count} role="status" aria-live="polite">
          {active ? uiMessages.showingIssues(shown, total) : ''}
        </p>
        {active ? (
          <button type="button" className={styles.clear} onClick={thenFocusText(clear)}>
            {uiMessages.clearFilters}
          </button>
        ) : null}
      </div>
      {active ? (
        <ul className={styles.chips} aria-label="Active filters">
          {query ? <Chip text={uiMessages.filterText(query)} onRemove={thenFocusText(removeQuery)} /> : null}
          {chips.map((chip) => (
            <Chip
              key={`${chip.field}:${chip.value}`}
              text={chip.text}
              onRemove={thenFocusText(() => toggle(chip.field, chip.value))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Chip({ text, onRemove }: { text: string; onRemove(): void }) {
  return (
    <li className={styles.chip}>
      <span className={styles.chipText}>{text}</span>
      <button type="button" className={styles.chipRemove} aria-label={uiMessages.removeFilter(text)} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
