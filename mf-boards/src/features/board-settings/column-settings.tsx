import { useId } from 'react';
import { DndProvider } from 'react-dnd';
import { useBoardStore } from '../../shared/board-store';
import { AddColumn, ColumnHeader, dndPipeline, MultiBackend } from '../board';
import { labelMessages } from './label-messages';
import styles from './board-settings.module.css';

/**
 * The board's columns, each drawn with the board's own column header — its count, and for the
 * lead or an admin its ⋯ menu: rename in place, WIP limit, move left or right, delete asking
 * where its issues go — and "+ Add column" after them. Nothing here is a second copy of those
 * controls: they act on the board store as they do on the board. (Dragging a header to reorder
 * is the board's; the menu's moves do it here.)
 */
export function ColumnSettings({ readOnly }: { readOnly: boolean }) {
  const columns = useBoardStore((s) => s.columns);
  const notice = useBoardStore((s) => s.columnNotice);
  const headingId = useId();
  const idPrefix = useId();
  const canArrange = !readOnly;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {labelMessages.columnsHeading}
      </h2>
      {canArrange ? <p className={styles.hint}>{labelMessages.columnsHint}</p> : null}
      {/* The headers are drag sources on the board: they need the board's drag and drop context. */}
      <DndProvider backend={MultiBackend} options={dndPipeline}>
        <ol className={styles.columnList}>
          {columns.map((column, index) => (
            <li key={column.id} className={styles.columnItem}>
              <ColumnHeader
                column={column}
                headingId={`${idPrefix}-${column.id}`}
                index={index}
                columnCount={columns.length}
                canArrange={canArrange}
              />
            </li>
          ))}
        </ol>
        {canArrange ? (
          <div className={styles.addColumn}>
            <AddColumn />
          </div>
        ) : null}
      </DndProvider>
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="column-announcer">
        {notice ? <span key={notice.seq}>{notice.text}</span> : null}
      </div>
    </section>
  );
}
