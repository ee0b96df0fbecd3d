import { useRef, useState } from 'react';
import { useDrop } from 'react-dnd';
import { useBoardStore } from '../../shared/board-store';
import type { BoardColumn } from '../../shared/board-store/board-model';
import { droppedColumnIndex } from '../../shared/board-store/column-model';
import { COLUMN_ITEM, ColumnHeader, type DraggedColumn } from '../board';
import styles from './swimlanes.module.css';

interface LaneHeadersProps {
  columns: BoardColumn[];
  totals?: ReadonlyMap<string, number>;
  canArrange: boolean;
  headingIdOf(columnId: string): string;
}

/**
 * The board's column headers, once above every lane: names, counts of the shown cards, WIP limits,
 * estimate sums and, for the lead or an admin, the column menu and a header dragged to another place.
 */
export function LaneHeaders({ columns, totals, canArrange, headingIdOf }: LaneHeadersProps) {
  return (
    <div className={styles.header}>
      {columns.map((column, index) => (
        <HeaderCell
          key={column.id}
          column={column}
          total={totals?.get(column.id)}
          index={index}
          columnCount={columns.length}
          canArrange={canArrange}
          headingId={headingIdOf(column.id)}
        />
      ))}
    </div>
  );
}

interface HeaderCellProps {
  column: BoardColumn;
  total: number | undefined;
  index: number;
  columnCount: number;
  canArrange: boolean;
  headingId: string;
}

/** A header that also takes a dragged header: dropped on its left or right half, that column goes before or after it. */
function HeaderCell({ column, total, index, columnCount, canArrange, headingId }: HeaderCellProps) {
  const ref = useRef<HTMLElement | null>(null);
  const [side, setSide] = useState<'before' | 'after'>('before');
  const sideAt = (x: number | undefined) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || x === undefined) return 'before';
    return x > rect.left + rect.width / 2 ? 'after' : 'before';
  };
  const [{ over }, drop] = useDrop<DraggedColumn, { handled: true }, { over: boolean }>(
    () => ({
      accept: COLUMN_ITEM,
      hover: (_item, monitor) => setSide(sideAt(monitor.getClientOffset()?.x)),
      drop: (dragged, monitor) => {
        const at = droppedColumnIndex(dragged.index, index, sideAt(monitor.getClientOffset()?.x));
        void useBoardStore.getState().moveColumn(dragged.columnId, at);
        return { handled: true };
      },
      collect: (monitor) => ({ over: monitor.isOver() && monitor.getItem<DraggedColumn>()?.columnId !== column.id }),
    }),
    [column.id, index],
  );
  const marked = over ? (side === 'before' ? styles.headerDropBefore : styles.headerDropAfter) : '';
  // A section, unnamed (no landmark of its own): the header inside it is the column's, not a page banner.
  return (
    <section
      ref={(node) => {
        ref.current = node;
        drop(node);
      }}
      className={`${styles.headerCell} ${marked}`}
      data-column-id={column.id}
    >
      <ColumnHeader
        column={column}
        total={total}
        headingId={headingId}
        index={index}
        columnCount={columnCount}
        canArrange={canArrange}
      />
    </section>
  );
}
