import { usePreview } from 'react-dnd-multi-backend';
import type { BoardColumn } from '../../../shared/board-store/board-model';
import { COLUMN_ITEM, type DraggedColumn } from './column-header';
import type { DraggedIssue } from './issue-card';
import styles from './board.module.css';

/**
 * What follows the finger during a touch drag: the touch backend has no drag image of
 * its own, unlike the browser's HTML5 drag. Drawn only while the touch backend drags.
 */
export function TouchDragPreview({ columns }: { columns: BoardColumn[] }) {
  const preview = usePreview<DraggedIssue | DraggedColumn, HTMLDivElement>();
  if (!preview.display) return null;
  const column = columns.find((c) => c.id === preview.item.columnId);
  // A column's header shows its name; a card its title.
  const text =
    preview.itemType === COLUMN_ITEM
      ? column?.name
      : column?.issues.find((i) => i.id === (preview.item as DraggedIssue).issueId)?.title;
  return (
    <div ref={preview.ref} style={preview.style} className={styles.touchPreview} aria-hidden="true">
      {text}
    </div>
  );
}
