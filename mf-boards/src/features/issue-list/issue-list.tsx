import type { IssueDto } from '@trackboard/contracts';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useBoardStore, useBoardReadOnly } from '../../shared/board-store';
import { setSelectionOrder, toggleSelected } from '../../shared/issue-selection';
import { localToday } from '../../shared/due-date';
import { groupFields, nextSort, sortFields, type GroupField } from './list-params';
import { listTexts } from './list-texts';
import { IssueRow, type RowContext } from './list-row';
import { boardOrder, groupIssues, listItems, sortIssues, type ListContext, type ListItem } from './sorted-issues';
import { selectionColumn } from './selection-column';
import { useListAddress } from './use-list-address';
import styles from './issue-list.module.css';

/** A column before the key that another feature fills (bulk selection's checkboxes). */
export interface LeadingColumn {
  header: ReactNode;
  /** Draws a row's cell; the same function from render to render, so rows stay memoised. */
  cell: (issue: IssueDto) => ReactNode;
}

export interface IssueListProps {
  /** The grid's id (the page's "Skip to board" leads here). */
  id?: string;
  /** The board's columns as the filter shows them: the list shows their issues. */
  columns: readonly { id: string; issues: IssueDto[] }[];
  onOpen(issueId: string): void;
}

// Every row is one line high, so the virtualiser reckons positions without measuring a row; 44 px
// keeps a row a comfortable target for a finger.
const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 40;

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));

/**
 * The board as a list: a row per issue the filter shows, sortable by any column, grouped by
 * status, assignee, priority, label or parent, both kept in the address. A grid (`role="grid"`)
 * whose header row and drawn rows carry `aria-rowindex` out of `aria-rowcount`, so a screen
 * reader knows where it is among thousands of rows when only those in view are drawn. The list
 * has one tab stop, the current row's title; j/k (or the arrows), Home and End move it, Enter
 * opens the issue, Tab goes on to the current row's fields.
 */
export function IssueList({ id, columns, onOpen }: IssueListProps) {
  const { sort, group, setSort, setGroup } = useListAddress();
  const board = useBoardStore(
    useShallow((s) => ({
      columnMeta: s.columnMeta,
      users: s.users,
      labels: s.labels,
      issues: s.issues,
      scale: s.board?.estimateScale ?? 'none',
    })),
  );
  const readOnly = useBoardReadOnly();
  const today = localToday();

  const context = useMemo<ListContext>(
    () => ({
      columns: board.columnMeta,
      users: board.users,
      labels: board.labels,
      issuesById: byId(board.issues),
    }),
    [board.columnMeta, board.users, board.labels, board.issues],
  );
  const rowContext = useMemo<RowContext>(
    () => ({
      columns: board.columnMeta,
      users: board.users,
      usersById: byId(board.users),
      labelsById: byId(board.labels),
      scale: board.scale,
      readOnly,
      today,
    }),
    [board.columnMeta, board.users, board.labels, board.scale, readOnly, today],
  );

  // Sorted once per change of the board, the filter or the sort (5,000 issues: a few ms), not per render.
  const ordered = useMemo(() => boardOrder(columns), [columns]);
  const sortField = sort?.field ?? null;
  const descending = sort?.descending ?? false;
  const sorted = useMemo(
    () => sortIssues(ordered, sortField ? { field: sortField, descending } : null, context),
    [ordered, sortField, descending, context],
  );
  const groups = useMemo(() => (group ? groupIssues(sorted, group, context) : null), [sorted, group, context]);
  // Picking for a bulk edit goes along the rows as sorted (a shift-click's run); none while read-only.
  useEffect(() => setSelectionOrder(sorted.map((issue) => issue.id)), [sorted]);
  const leading = useMemo(() => (readOnly ? undefined : selectionColumn(sorted)), [readOnly, sorted]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const items = useMemo(() => listItems(sorted, groups, collapsed), [sorted, groups, collapsed]);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);

  // The current row by its key, so it stays current while rows come and go around it.
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const currentIndex = items.length === 0 ? -1 : (indexOf.get(currentKey ?? '') ?? 0);
  const [focusRequest, setFocusRequest] = useState(0);

  // The rows get one function for good, calling the latest onOpen: the page may hand a new one
  // on any render, which would otherwise draw every row again.
  const latestOpen = useRef(onOpen);
  useLayoutEffect(() => {
    latestOpen.current = onOpen;
  });
  const open = useCallback((issueId: string) => latestOpen.current(issueId), []);

  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // The current row is always drawn: the list's tab stop and the focus survive scrolling.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (currentIndex >= 0 && currentIndex < range.count && !indexes.includes(currentIndex))
        indexes.push(currentIndex);
      return indexes.sort((a, b) => a - b);
    },
    [currentIndex],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]!.key,
    // A few rows beyond the box: enough for j/k and a wheel's step, few enough that a fast
    // scroll has little to draw that is never seen.
    overscan: 3,
    rangeExtractor,
    // The rows a scroll brings are drawn in a task of their own, not inside the scroll event: the
    // browser's frame (style, layout, paint) and React's work then never add up to one long task.
    useFlushSync: false,
    // The rows start under the sticky header row, inside the same scrolling box.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: 1024, height: 600 },
  });

  useEffect(() => {
    if (!focusRequest || currentIndex < 0) return;
    scroller?.querySelector<HTMLElement>(`[data-index="${currentIndex}"] [data-row-focus]`)?.focus({
      preventScroll: true,
    });
  }, [focusRequest, currentIndex, scroller]);

  const moveTo = (index: number) => {
    const at = Math.max(0, Math.min(items.length - 1, index));
    const item = items[at];
    if (!item) return;
    setCurrentKey(item.key);
    setFocusRequest((n) => n + 1);
    virtualizer.scrollToIndex(at, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only on a row's own stop: a select, a date or a header button keeps its keys.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!(event.target as Element).hasAttribute('data-row-focus')) return;
    const step: Record<string, () => number> = {
      j: () => currentIndex + 1,
      ArrowDown: () => currentIndex + 1,
      k: () => currentIndex - 1,
      ArrowUp: () => currentIndex - 1,
      Home: () => 0,
      End: () => items.length - 1,
    };
    // Enter on a row opens its issue, as the instructions say; held back from the title button,
    // which would open it a second time with its own click.
    const issueId = (event.target as Element).closest<HTMLElement>('[data-issue-row]')?.dataset.issueRow;
    if (event.key === 'x' && issueId && !readOnly) {
      event.preventDefault();
      toggleSelected(issueId);
      return;
    }
    if (event.key === 'Enter' && issueId) {
      event.preventDefault();
      onOpen(issueId);
      return;
    }
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    moveTo(next());
  };
  // A click or Tab into a row's field makes that row the current one.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const key = (event.target as Element).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    if (key !== undefined && key !== currentKey) setCurrentKey(key);
  };
  const toggleGroup = useCallback(
    (key: string) =>
      setCollapsed((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  const columnCount = sortFields.length + (leading ? 1 : 0);
  const instructionsId = useId();
  const groupSelectId = useId();

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <label htmlFor={groupSelectId} className={styles.groupLabel}>
          {listTexts.groupBy}
        </label>
        <select
          id={groupSelectId}
          className={styles.select}
          value={group ?? ''}
          onChange={(event) => setGroup((event.target.value || null) as GroupField | null)}
        >
          <option value="">{listTexts.noGrouping}</option>
          {groupFields.map((field) => (
            <option key={field} value={field}>
              {listTexts.groupNames[field]}
            </option>
          ))}
        </select>
      </div>
      <span id={instructionsId} hidden>
        {listTexts.instructions}
      </span>
      <div
        ref={setScroller}
        id={id}
        role="grid"
        aria-label={listTexts.grid}
        aria-describedby={instructionsId}
        aria-rowcount={items.length + 1}
        aria-colcount={columnCount}
        className={`${styles.scroller} ${leading ? styles.withLeading : ''}`}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="rowgroup" className={styles.head}>
          <div role="row" aria-rowindex={1} className={styles.headRow} style={{ height: HEADER_HEIGHT }}>
            {leading ? (
              <div role="columnheader" aria-colindex={1} className={styles.cell} data-column="leading">
                {leading.header}
              </div>
            ) : null}
            {sortFields.map((field, index) => {
              const sorted = sort?.field === field;
              return (
                <div
                  key={field}
                  role="columnheader"
                  aria-colindex={index + 1 + (leading ? 1 : 0)}
                  aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
                  className={styles.cell}
                  data-column={field}
                >
                  <button type="button" className={styles.sortButton} onClick={() => setSort(nextSort(sort, field))}>
                    {listTexts.columns[field]}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {sorted ? (sort.descending ? '▼' : '▲') : ''}
                    </span>
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const item = items[virtual.index]!;
            const top = virtual.start - HEADER_HEIGHT;
            return item.kind === 'group' ? (
              <GroupRow
                key={item.key}
                item={item}
                index={virtual.index}
                current={virtual.index === currentIndex}
                columnCount={columnCount}
                top={top}
                onToggle={toggleGroup}
              />
            ) : (
              <IssueRow
                key={item.key}
                issue={item.issue}
                index={virtual.index}
                rowIndex={virtual.index + 2}
                current={virtual.index === currentIndex}
                rowKey={item.key}
                context={rowContext}
                onOpen={open}
                leading={leading?.cell}
                top={top}
                height={ROW_HEIGHT}
              />
            );
          })}
        </div>
      </div>
      {items.length === 0 ? <p className={styles.empty}>{listTexts.noIssues}</p> : null}
    </div>
  );
}

/** A group's header: its name and count, a button that folds its rows away and back. */
function GroupRow({
  item,
  index,
  current,
  columnCount,
  top,
  onToggle,
}: {
  item: Extract<ListItem, { kind: 'group' }>;
  index: number;
  current: boolean;
  columnCount: number;
  top: number;
  onToggle(key: string): void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${styles.row} ${styles.groupRow} ${current ? styles.current : ''}`}
      style={{ height: ROW_HEIGHT, top }}
      data-index={index}
      data-row-key={item.key}
    >
      <div role="gridcell" aria-colindex={1} aria-colspan={columnCount} className={styles.groupCell}>
        <button
          type="button"
          className={styles.groupButton}
          aria-expanded={item.expanded}
          tabIndex={current ? 0 : -1}
          data-row-focus
          onClick={() => onToggle(item.key)}
        >
          <span className={styles.groupTitle}>{item.group.title}</span>{' '}
          <span className={styles.groupCount}>{listTexts.groupCount(item.group.issues.length)}</span>
        </button>
      </div>
    </div>
  );
}
