import type { MouseEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from './board.module.css';

// What the skip link lands on: the first column's tab stop (its current card, or its
// "+ Add Issue" when it has no cards) — past the column's "⋯", which is not content.
const FIRST_STOP =
  '[data-issue-id][tabindex="0"], button:not(:disabled):not([data-column-actions]), a[href], input:not(:disabled)';

/**
 * "Skip to board": hidden until a Tab reaches it, then shown over the top of the
 * board; it moves the focus to the board's first tab stop. The focus is moved by hand, not by
 * the link's #fragment: the address stays the board's (and its filter's), and a card, not the
 * columns' box, gets the focus.
 */
export function SkipToBoard({ boardId }: { boardId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(boardId)?.querySelector<HTMLElement>(FIRST_STOP)?.focus();
  };
  return (
    <a className={styles.skipLink} href={`#${boardId}`} onClick={skip}>
      {uiMessages.skipToBoard}
    </a>
  );
}
