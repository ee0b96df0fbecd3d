import type { IssueDto } from '@trackboard/contracts';
import { lengthError } from '@trackboard/web-kit';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDrag } from 'react-dnd';
import { uiMessages } from '../../../ui-messages';
import type { BoardColumn as Column } from '../../../shared/board-store/board-model';
import { columnMessages } from '../../../shared/board-store/column-messages';
import { columnFieldRules, parseWipLimit, wipState } from '../../../shared/board-store/column-model';
import { useBoardStore } from '../../../shared/board-store';
import { ColumnFieldForm } from './column-field-form';
import { ColumnMenu, type ColumnAction } from './column-menu';
import { DeleteColumnForm } from './delete-column-form';
import styles from './board.module.css';
import columnStyles from './columns.module.css';

export const COLUMN_ITEM = 'column';

/** What a header drag carries: the column and where it was when the drag began. */
export interface DraggedColumn {
  columnId: string;
  index: number;
}

interface ColumnHeaderProps {
  column: Column;
  /** The column's full count while a filter hides some of its cards. */
  total?: number;
  headingId: string;
  /** The column's place on the board, and how many there are. */
  index: number;
  columnCount: number;
  /** The lead or an admin: the menu, and the header drags the column. */
  canArrange: boolean;
}

type Mode = 'view' | 'rename' | 'wipLimit' | 'delete';

/** Focuses the "⋯" of a column (after a delete: the column that took its issues, or a neighbour). */
const focusColumnActions = (columnId: string | undefined) => {
  // Ids are digits (text), safe in an attribute selector as they are.
  if (columnId) document.querySelector<HTMLElement>(`[data-column-actions="${columnId}"]`)?.focus();
};

/**
 * A column's header (spec §2.11): its name, its count ("n / limit" when it has a WIP
 * limit, amber at it and red over it) and, for the lead or an admin, the column menu — rename in
 * place, set the WIP limit, move left or right (the keyboard's way to reorder columns), delete —
 * and the header as the handle that drags the column to another place.
 */
export function ColumnHeader({ column, total, headingId, index, columnCount, canArrange }: ColumnHeaderProps) {
  const [mode, setMode] = useState<Mode>('view');
  const actionsRef = useRef<HTMLButtonElement | null>(null);
  // The "⋯" gets the focus back once a form closes, or once a keyboard move has redrawn the column.
  const refocus = useRef(false);
  const full = total ?? column.issues.length;

  const [{ isDragging }, drag] = useDrag(
    () => ({
      type: COLUMN_ITEM,
      item: (): DraggedColumn => ({ columnId: column.id, index }),
      canDrag: () => canArrange && mode === 'view',
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [column.id, index, canArrange, mode],
  );

  useLayoutEffect(() => {
    if (!refocus.current || mode !== 'view') return;
    refocus.current = false;
    actionsRef.current?.focus();
  }, [mode, index]);
  // Not allowed any more (the lead changed, the user signed out): no form stays open.
  useEffect(() => {
    if (!canArrange) setMode('view');
  }, [canArrange]);

  const close = () => {
    refocus.current = true;
    setMode('view');
  };

  const actions: ColumnAction[] = ['rename', 'wipLimit'];
  if (index > 0) actions.push('moveLeft');
  if (index < columnCount - 1) actions.push('moveRight');
  // The last column cannot go (the server says so too): no delete is offered for it.
  if (columnCount > 1) actions.push('delete');

  const choose = (action: ColumnAction) => {
    if (action === 'moveLeft' || action === 'moveRight') {
      refocus.current = true;
      void useBoardStore.getState().moveColumn(column.id, index + (action === 'moveLeft' ? -1 : 1));
    } else setMode(action);
  };

  const renaming = mode === 'rename';
  return (
    <>
      <header
        ref={(node) => {
          drag(canArrange && mode === 'view' ? node : null);
        }}
        className={`${styles.columnHeader} ${canArrange ? columnStyles.draggableHeader : ''} ${
          isDragging ? columnStyles.draggingHeader : ''
        }`}
      >
        {/* Named by its heading even while the name is being edited. */}
        <h2 id={headingId} className={renaming ? styles.visuallyHidden : styles.columnName}>
          {column.name}
        </h2>
        {renaming ? (
          <ColumnFieldForm
            label={columnMessages.renameForm(column.name)}
            field="name"
            initial={column.name}
            required
            check={(text) => lengthError(text, columnFieldRules.name)}
            onSave={(text) =>
              text.trim() === column.name
                ? Promise.resolve(null)
                : useBoardStore.getState().updateColumn(column.id, { name: text.trim() })
            }
            onClose={close}
          />
        ) : (
          <>
            <EstimateSum issues={column.issues} />
            <CountBadge count={column.issues.length} total={total} limit={column.wipLimit} />
            {canArrange ? (
              <ColumnMenu
                columnName={column.name}
                columnId={column.id}
                actions={actions}
                onChoose={choose}
                buttonRef={actionsRef}
              />
            ) : null}
          </>
        )}
      </header>
      {mode === 'wipLimit' ? (
        <div className={columnStyles.panel}>
          <ColumnFieldForm
            label={columnMessages.wipLimitForm(column.name)}
            field="wipLimit"
            initial={column.wipLimit === null ? '' : String(column.wipLimit)}
            hint={columnMessages.wipLimitHint}
            numeric
            check={(text) => {
              const parsed = parseWipLimit(text);
              return 'error' in parsed ? parsed.error : undefined;
            }}
            onSave={(text) => {
              const parsed = parseWipLimit(text);
              if ('error' in parsed) return Promise.resolve(parsed.error);
              if (parsed.value === column.wipLimit) return Promise.resolve(null);
              return useBoardStore.getState().updateColumn(column.id, { wipLimit: parsed.value });
            }}
            onClose={close}
          />
        </div>
      ) : null}
      {mode === 'delete' ? (
        <div className={columnStyles.panel}>
          <DeleteColumnForm
            columnId={column.id}
            columnName={column.name}
            issueCount={full}
            onClose={(deleted) => {
              if (!deleted) {
                close();
                return;
              }
              // This column is gone: the focus goes to the one that took its issues, or a neighbour.
              const columns = useBoardStore.getState().columnMeta.filter((c) => c.id !== column.id);
              focusColumnActions(deleted.targetColumnId ?? columns[Math.max(0, index - 1)]?.id);
            }}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * The sum of the estimates of the cards the column shows (a filter narrows it as it narrows the
 * count), in points on either scale: sizes are stored as the points they stand for. Nothing
 * while the project uses no estimates, or none of the cards has one.
 */
function EstimateSum({ issues }: { issues: readonly IssueDto[] }) {
  const scale = useBoardStore((state) => state.board?.estimateScale ?? 'none');
  if (scale === 'none') return null;
  const sum = issues.reduce((total, issue) => total + (issue.estimate ?? 0), 0);
  if (sum <= 0) return null;
  return (
    <span className={columnStyles.estimateSum} aria-label={uiMessages.estimateSum(sum)} data-estimate-sum={sum}>
      {uiMessages.estimateTotal(sum)}
    </span>
  );
}

/**
 * The column's count (spec §2.11): "3", or "2/5" while a filter shows 2 of 5. With a
 * WIP limit: "3 / 4", amber at the limit, red over it, counted over all the column's
 * issues whatever a filter shows; the words say the state too, for a screen reader and for
 * anyone who does not tell the colours apart.
 */
function CountBadge({ count, total, limit }: { count: number; total?: number; limit: number | null }) {
  const state = wipState(total ?? count, limit);
  const className = [
    styles.count,
    state === 'at' ? styles.countAtLimit : '',
    state === 'over' ? styles.countOverLimit : '',
  ]
    .filter(Boolean)
    .join(' ');
  let text: string;
  let label: string;
  if (limit === null) {
    text = total === undefined ? String(count) : `${count}/${total}`;
    label = total === undefined ? uiMessages.issueCount(count) : uiMessages.filteredCount(count, total);
  } else if (total === undefined) {
    text = columnMessages.wipCount(count, limit);
    label = columnMessages.wipCountLabel(count, limit);
  } else {
    text = columnMessages.filteredWipCount(count, total, limit);
    label = columnMessages.filteredWipCountLabel(count, total, limit);
  }
  return (
    <span className={className} aria-label={label} data-wip={state}>
      {text}
    </span>
  );
}
