import type { IssueDto } from '@trackboard/contracts';
import { useCallback, useEffect, useState, type RefObject } from 'react';

// The cards of a column are one tab stop (a roving tabindex): the column's current
// card takes Tab, the arrow keys move the focus (and the tab stop) inside the column. The
// current card is also the one a long column always draws, so its tab stop never scrolls away.

/** A card the keyboard asked to focus; `request` counts asks, so the same card can be asked again. */
export interface FocusTarget {
  issueId: string;
  columnId: string;
  request: number;
}

/** The index Up, Down, Home or End moves the focus to from `index` among `count` cards, or null for another key. */
export function rovingIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Which card of a column holds its tab stop: the remembered one while it is there, else the first. */
export function currentCardIndex(issues: IssueDto[], remembered: string | undefined): number {
  const index = remembered ? issues.findIndex((issue) => issue.id === remembered) : -1;
  return index < 0 ? 0 : index;
}

const remember =
  (columnId: string, issueId: string) =>
  (current: ReadonlyMap<string, string>): ReadonlyMap<string, string> =>
    current.get(columnId) === issueId ? current : new Map(current).set(columnId, issueId);

/**
 * Each column's current card (by column id), the last card the keyboard asked for, and the
 * calls that change them. A card asked for is focused once it is drawn in its (new) place.
 */
export function useCardFocus(rootRef: RefObject<HTMLElement | null>) {
  const [current, setCurrent] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [target, setTarget] = useState<FocusTarget | null>(null);

  /** The keyboard moves the focus to a card (arrow keys, a keyboard drag, a closed dialog). */
  const focusCard = useCallback((issueId: string, columnId: string) => {
    setCurrent(remember(columnId, issueId));
    setTarget((last) => ({ issueId, columnId, request: (last?.request ?? 0) + 1 }));
  }, []);

  /** A card got the focus some other way (a click, Tab): it becomes its column's tab stop. */
  const onCardFocus = useCallback((issueId: string, columnId: string) => {
    setCurrent(remember(columnId, issueId));
  }, []);

  useEffect(() => {
    if (!target) return;
    const card = rootRef.current?.querySelector<HTMLElement>(`[data-issue-id="${target.issueId}"]`);
    if (card && document.activeElement !== card) card.focus();
  }, [target, rootRef]);

  return { current, target, focusCard, onCardFocus };
}
