import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { columnMessages } from '../../../shared/board-store/column-messages';
import styles from './columns.module.css';

export type ColumnAction = 'rename' | 'wipLimit' | 'moveLeft' | 'moveRight' | 'delete';

const labels: Record<ColumnAction, string> = {
  get rename() {
    return columnMessages.rename;
  },
  get wipLimit() {
    return columnMessages.setWipLimit;
  },
  get moveLeft() {
    return columnMessages.moveLeft;
  },
  get moveRight() {
    return columnMessages.moveRight;
  },
  get delete() {
    return columnMessages.deleteColumn;
  },
};

interface ColumnMenuProps {
  columnName: string;
  columnId: string;
  /** The actions this column offers now (no "Move left" for the first column, no delete for the last one left). */
  actions: ColumnAction[];
  onChoose(action: ColumnAction): void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * A column header's "⋯": the WAI-ARIA menu button pattern, by hand rather than with a
 * menu library, since the board's first load carries it (bundle budget). The button opens the
 * menu with the first item focused (ArrowUp: the last); Up, Down, Home and End move among the
 * items; Enter or Space chooses; Escape closes it with the focus back on the button; Tab, a click
 * elsewhere or the focus leaving close it.
 */
export function ColumnMenu({ columnName, columnId, actions, onChoose, buttonRef }: ColumnMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState(0);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement | null>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const ownButton = useRef<HTMLButtonElement | null>(null);
  const name = columnMessages.columnActions(columnName);
  itemsRef.current.length = actions.length;

  useEffect(() => {
    if (open) itemsRef.current[Math.min(focusAt, actions.length - 1)]?.focus();
  }, [open, focusAt, actions.length]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const openAt = (index: number) => {
    setFocusAt(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) ownButton.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const at = itemsRef.current.findIndex((item) => item === document.activeElement);
    const last = actions.length - 1;
    const to = (index: number) => {
      event.preventDefault();
      setFocusAt(index);
      itemsRef.current[index]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return to(at >= last ? 0 : at + 1);
      case 'ArrowUp':
        return to(at <= 0 ? last : at - 1);
      case 'Home':
        return to(0);
      case 'End':
        return to(last);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div
      ref={rootRef}
      className={styles.menuRoot}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={(node) => {
          ownButton.current = node;
          if (typeof buttonRef === 'function') buttonRef(node);
          else if (buttonRef) buttonRef.current = node;
        }}
        type="button"
        className={styles.menuButton}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-column-actions={columnId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(event.key === 'ArrowDown' ? 0 : actions.length - 1);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-label={name} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {actions.map((action, index) => (
            <li key={action} role="none">
              <button
                ref={(node) => {
                  itemsRef.current[index] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`${styles.menuItem} ${action === 'delete' ? styles.menuItemDanger : ''}`}
                onClick={() => {
                  close(true);
                  onChoose(action);
                }}
              >
                {labels[action]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
