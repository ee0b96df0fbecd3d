import { usePreview } from 'react-dnd-multi-backend';
import type { BoardColumn } from '../board-model';
import type { DraggedIssue } from './issue-card';
import styles from './board.module.css';

/**
 * What follows the finger during a touch drag (issue 16): the touch backend has no drag image of
 * its own, unlike the browser's HTML5 drag. Drawn only while the touch backend drags.
 */
export function TouchDragPreview({ columns }: { columns: BoardColumn[] }) {
  const preview = usePreview<DraggedIssue, HTMLDivElement>();
  if (!preview.display) return null;
  const issue = columns.find((c) => c.id === preview.item.columnId)?.issues.find((i) => i.id === preview.item.issueId);
  return (
    <div ref={preview.ref} style={preview.style} className={styles.touchPreview} aria-hidden="true">
      {issue?.title}
    </div>
  );
}
