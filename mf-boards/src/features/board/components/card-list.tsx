import type { IssueDto } from '@trackboard/contracts';
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, type ReactNode, type RefObject } from 'react';
import styles from './board.module.css';

/** Columns longer than this draw only the cards in view (blueprint §5: long columns virtualised). */
export const VIRTUALISE_AFTER = 50;
// A card with a key line, a two-line title and a footer (issue 12); each drawn card is measured.
const ESTIMATED_CARD_HEIGHT = 88;

interface CardListProps {
  issues: IssueDto[];
  /** The column body that scrolls. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** A card that must stay drawn (the one the keyboard is moving): its index, or -1. */
  pinnedIndex: number;
  renderCard(issue: IssueDto, index: number): ReactNode;
  /**
   * How many cards the column holds, shown or not: a long column stays virtualised while a
   * filter shows few (or none) of its cards, so filter keystrokes never make its virtualiser
   * anew (measuring the column and every card again, issue 13).
   */
  columnSize: number;
}

export function CardList(props: CardListProps) {
  return props.columnSize > VIRTUALISE_AFTER ? <VirtualCardList {...props} /> : <PlainCardList {...props} />;
}

/** One card, drawn again only when its issue, its index or the way cards are drawn changes. */
const Card = memo(function Card({ issue, index, renderCard }: Pick<CardListProps, 'renderCard'> & CardAt) {
  return renderCard(issue, index);
});
type CardAt = { issue: IssueDto; index: number };

function PlainCardList({ issues, renderCard }: CardListProps) {
  return (
    <ul className={styles.list}>
      {issues.map((issue, index) => (
        <li key={issue.id}>
          <Card issue={issue} index={index} renderCard={renderCard} />
        </li>
      ))}
    </ul>
  );
}

/** A card's height as its ResizeObserver entry says, or as known (or estimated) until that entry comes. */
function measureFromObserver(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<HTMLDivElement, Element>,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = list.indexFromElement(element);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? list.options.estimateSize(index);
}

function VirtualCardList({ issues, scrollRef, pinnedIndex, renderCard }: CardListProps) {
  // The pinned card is always drawn, so keyboard focus and a drag in progress survive scrolling.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (pinnedIndex >= 0 && pinnedIndex < range.count && !indexes.includes(pinnedIndex)) indexes.push(pinnedIndex);
      return indexes.sort((a, b) => a - b);
    },
    [pinnedIndex],
  );
  const virtualizer = useVirtualizer({
    count: issues.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => issues[index]!.id,
    // Three cards past each edge: enough for a wheel step; each one more is drawn (and a filter keystroke
    // mounts a column's worth of cards anew, issue 13).
    overscan: 3,
    rangeExtractor,
    initialRect: { width: 256, height: 600 },
    // A card is measured by the ResizeObserver, after the browser's own layout, never by reading its
    // height while React mounts it (that forces a layout in the middle of every filter keystroke
    // that brings new cards, issue 13). The virtualiser writes the positions and the list's height
    // itself, in that observer's callback, so the first frame already shows them right.
    measureElement: measureFromObserver,
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });

  useEffect(() => {
    if (pinnedIndex >= 0 && pinnedIndex < issues.length) virtualizer.scrollToIndex(pinnedIndex, { align: 'auto' });
  }, [pinnedIndex, issues.length, virtualizer]);

  return (
    <ul ref={virtualizer.containerRef} className={styles.virtualList} data-virtualised="true">
      {virtualizer.getVirtualItems().map((item) => (
        <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={styles.virtualItem}>
          <Card issue={issues[item.index]!} index={item.index} renderCard={renderCard} />
        </li>
      ))}
    </ul>
  );
}
