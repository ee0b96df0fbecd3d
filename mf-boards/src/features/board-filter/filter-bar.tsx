import type { BoardUser, LabelDto } from '@trackboard/contracts';
import { useMemo, useRef, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { FilterChip } from './filter-chip';
import { FilterMenu } from './filter-menu';
import { filterChips, filterOptions, type MenuField } from './filter-options';
import { listFields, toggled, type BoardFilter, type ListField } from './filter-params';
import { FilterText } from './filter-text';
import { LazyCycleFilterChips, LazyCycleFilterMenu } from './lazy-cycle-filter';
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
  const fields = listFields.filter(
    (field): field is MenuField =>
      field !== 'cycle' && (field !== 'estimate' || scale !== 'none' || filter.estimate.length > 0),
  );
  const toggle = (field: ListField, value: string) =>
    setValues(field, toggled(filter[field] as string[], value) as BoardFilter[typeof field]);
  // Whether the project's cycles are on is asked only once someone turns to the bar (or the
  // address chooses a cycle): a cold board asks nothing more of the server.
  const [turnedTo, setTurnedTo] = useState(false);
  const cycleMenu = turnedTo || filter.cycle.length > 0;
  const turnTo = () => setTurnedTo(true);
  const query = filter.q.trim();
  const barRef = useRef<HTMLDivElement | null>(null);
  // A chip's button (or Clear) goes away when pressed: the focus goes to the text box, not the page.
  const thenFocusText = (change: () => void) => () => {
    change();
    barRef.current?.querySelector<HTMLInputElement>('[data-board-filter]')?.focus();
  };

  return (
    <div ref={barRef} className={styles.bar} role="search" aria-label={uiMessages.boardFilter}>
      <div className={styles.controls} onFocus={turnTo} onPointerEnter={turnTo}>
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
        {cycleMenu ? <LazyCycleFilterMenu chosen={filter.cycle} onToggle={(value) => toggle('cycle', value)} /> : null}
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
        <ul className={styles.chips} aria-label={uiMessages.activeFilters}>
          {query ? <FilterChip text={uiMessages.filterText(query)} onRemove={thenFocusText(removeQuery)} /> : null}
          {chips.map((chip) => (
            <FilterChip
              key={`${chip.field}:${chip.value}`}
              text={chip.text}
              onRemove={thenFocusText(() => toggle(chip.field, chip.value))}
            />
          ))}
          {filter.cycle.length ? (
            <LazyCycleFilterChips
              chosen={filter.cycle}
              onToggle={(value) => thenFocusText(() => toggle('cycle', value))()}
            />
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
