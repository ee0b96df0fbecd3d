import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import type { BoardColumn, MoveRequest } from '../../../shared/board-store/board-model';
import { rovingIndex } from './use-card-focus';

// The keyboard on a card: Enter opens it; Up, Down, Home and End move the focus
// among its column's cards. Keyboard drag and drop: Space picks the focused card up, the arrow
// keys move it (up/down within a column, left/right across columns), Space or Enter drops it,
// Escape puts it back. Every step is announced in a live region; the drop goes through the
// same move action as the mouse.

export interface KeyboardDrag {
  issueId: string;
  title: string;
  fromColumnId: string;
  fromIndex: number;
  columnId: string;
  index: number;
}

const place = (columns: BoardColumn[], columnId: string, index: number, issueId: string) => {
  const column = columns.find((c) => c.id === columnId);
  const count = column ? column.issues.filter((i) => i.id !== issueId).length + 1 : 1;
  return { name: column?.name ?? '', n: index + 1, m: count };
};

/** The columns as they look with the lifted card at its keyboard position. */
export function previewColumns(columns: BoardColumn[], drag: KeyboardDrag | null): BoardColumn[] {
  if (!drag) return columns;
  const lifted = columns.flatMap((c) => c.issues).find((i) => i.id === drag.issueId);
  if (!lifted) return columns;
  return columns.map((column) => {
    const others = column.issues.filter((i) => i.id !== drag.issueId);
    if (column.id !== drag.columnId)
      return others.length === column.issues.length ? column : { ...column, issues: others };
    return { ...column, issues: [...others.slice(0, drag.index), lifted, ...others.slice(drag.index)] };
  });
}

const isSpace = (key: string) => key === ' ' || key === 'Spacebar';

/**
 * `focusCard` asks for a card to be focused once it is drawn in its (new) place: the lifted
 * card keeps the focus while it moves between columns. `readOnly` (an archived project, issue
 * 15): Space picks nothing up, and a card lifted when the project was found archived is let go.
 */
export function useKeyboardDrag(
  columns: BoardColumn[],
  onMove: (move: MoveRequest) => void,
  onOpen: (issueId: string) => void,
  focusCard: (issueId: string, columnId: string) => void,
  readOnly = false,
) {
  const [drag, setDrag] = useState<KeyboardDrag | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A card that vanished meanwhile (deleted by someone else) cannot be carried on.
  const live =
    drag &&
    !readOnly &&
    columns.some((c) => c.issues.some((i) => i.id === drag.issueId)) &&
    columns.some((c) => c.id === drag.columnId)
      ? drag
      : null;
  const preview = useMemo(() => previewColumns(columns, live), [columns, live]);

  const onCardKeyDown = useCallback(
    (event: KeyboardEvent, issueId: string) => {
      const key = event.key;
      // While a card is lifted, Enter drops it as Space does (the pick-up announcement says so).
      const isAction = isSpace(key) || key === 'Enter';
      if (!live) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const column = columns.find((c) => c.issues.some((i) => i.id === issueId));
        if (!column) return;
        const index = column.issues.findIndex((i) => i.id === issueId);
        if (key === 'Enter') {
          event.preventDefault();
          onOpen(issueId);
          return;
        }
        const next = rovingIndex(key, index, column.issues.length);
        if (next !== null) {
          event.preventDefault();
          focusCard(column.issues[next]!.id, column.id);
          return;
        }
        if (!isSpace(key) || readOnly) return;
        event.preventDefault();
        const issue = column.issues[index]!;
        const title = issue.title || uiMessages.noTitle;
        setDrag({ issueId, title, fromColumnId: column.id, fromIndex: index, columnId: column.id, index });
        focusCard(issueId, column.id);
        const at = place(columns, column.id, index, issueId);
        setAnnouncement(uiMessages.pickedUp(title, at.name, at.n, at.m));
        return;
      }
      if (issueId !== live.issueId) return;
      const moveTo = (columnId: string, index: number) => {
        setDrag({ ...live, columnId, index });
        focusCard(live.issueId, columnId);
        const at = place(columns, columnId, index, live.issueId);
        setAnnouncement(uiMessages.movedTo(at.name, at.n, at.m));
      };
      const columnIndex = columns.findIndex((c) => c.id === live.columnId);
      const size = place(columns, live.columnId, live.index, live.issueId).m;
      switch (key) {
        case 'ArrowUp':
          event.preventDefault();
          if (live.index > 0) moveTo(live.columnId, live.index - 1);
          else setAnnouncement(uiMessages.alreadyAtTop(live.title, columns[columnIndex]?.name ?? ''));
          return;
        case 'ArrowDown':
          event.preventDefault();
          if (live.index < size - 1) moveTo(live.columnId, live.index + 1);
          else setAnnouncement(uiMessages.alreadyAtBottom(live.title, columns[columnIndex]?.name ?? ''));
          return;
        case 'ArrowLeft':
        case 'ArrowRight': {
          event.preventDefault();
          const next = columns[columnIndex + (key === 'ArrowLeft' ? -1 : 1)];
          if (!next) {
            setAnnouncement(uiMessages.noColumnFurther(key === 'ArrowLeft' ? 'left' : 'right'));
            return;
          }
          const room = next.issues.filter((i) => i.id !== live.issueId).length;
          moveTo(next.id, Math.min(live.index, room));
          return;
        }
        case 'Escape': {
          event.preventDefault();
          event.stopPropagation();
          setDrag(null);
          focusCard(live.issueId, live.fromColumnId);
          const at = place(columns, live.fromColumnId, live.fromIndex, live.issueId);
          setAnnouncement(uiMessages.moveCancelled(live.title, at.name, at.n, at.m));
          return;
        }
        case 'Tab':
          setDrag(null);
          setAnnouncement(uiMessages.moveAbandoned(live.title));
          return;
        default:
          if (!isAction) return;
          event.preventDefault();
          setDrag(null);
          focusCard(live.issueId, live.columnId);
          {
            const at = place(columns, live.columnId, live.index, live.issueId);
            if (live.columnId === live.fromColumnId && live.index === live.fromIndex) {
              setAnnouncement(uiMessages.droppedInPlace(live.title, at.name, at.n, at.m));
              return;
            }
            setAnnouncement(uiMessages.dropped(live.title, at.name, at.n, at.m));
            onMove({
              issueId: live.issueId,
              sourceColumnId: live.fromColumnId,
              destinationColumnId: live.columnId,
              newPosition: live.index,
            });
          }
      }
    },
    [columns, live, readOnly, onMove, onOpen, focusCard],
  );

  return { drag: live, preview, announcement, onCardKeyDown };
}
