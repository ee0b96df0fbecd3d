import type { IssueDto } from '@trackboard/contracts';
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { CARD_COVER_HEIGHT } from './issue-card-face';
import styles from './board.module.css';

/** Columns longer than this draw only the cards in view (blueprint §5: long columns virtualised). */
export const VIRTUALISE_AFTER = 50;
// A card with a key line, a two-line title and a footer; each drawn card is measured. A cover adds
// its fixed height, so a column of covered cards is reckoned right before it is drawn.
const ESTIMATED_CARD_HEIGHT = 88;
export const estimatedHeight = (issue: IssueDto | undefined) =>
  ESTIMATED_CARD_HEIGHT + (issue?.coverAttachmentId ? CARD_COVER_HEIGHT : 0);

interface CardListProps {
  issues: IssueDto[];
  /** The column body that scrolls (null until it is mounted). */
  scrollElement: HTMLDivElement | null;
  /**
   * The column's current card: its one tab stop, and always drawn, so keyboard focus
   * and a keyboard drag in progress survive scrolling.
   */
  currentIndex: number;
  /** Bumped when the keyboard moves the focus to the current card: it is scrolled into view. */
  revealRequest: number;
  renderCard(issue: IssueDto, index: number, current: boolean): ReactNode;
  /**
   * How many cards the column holds, shown or not: a long column stays virtualised while a
   * filter shows few (or none) of its cards, so filter keystrokes never make its virtualiser
   * anew (measuring the column and every card again).
   */
  columnSize: number;
}

export function CardList(props: CardListProps) {
  return props.columnSize > VIRTUALISE_AFTER ? <VirtualCardList {...props} /> : <PlainCardList {...props} />;
}

/**
 * One card, drawn again only when its issue, its index, whether it is current or the way cards
 * are drawn changes: the tab stop moving redraws two cards, not the column.
 */
const Card = memo(function Card({ issue, index, current, renderCard }: Pick<CardListProps, 'renderCard'> & CardAt) {
  return renderCard(issue, index, current);
});
type CardAt = { issue: IssueDto; index: number; current: boolean };

function PlainCardList({ issues, currentIndex, renderCard }: CardListProps) {
  return (
    <ul className={styles.list}>
      {issues.map((issue, index) => (
        <li key={issue.id}>
          <Card issue={issue} index={index} current={index === currentIndex} renderCard={renderCard} />
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

function VirtualCardList({ issues, scrollElement, currentIndex, revealRequest, renderCard }: CardListProps) {
  // The current card is always drawn: the column's tab stop, the focus and a keyboard drag stay.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (currentIndex >= 0 && currentIndex < range.count && !indexes.includes(currentIndex))
        indexes.push(currentIndex);
      return indexes.sort((a, b) => a - b);
    },
    [currentIndex],
  );
  const virtualizer = useVirtualizer({
    count: issues.length,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => estimatedHeight(issues[index]),
    getItemKey: (index) => issues[index]!.id,
    // Three cards past each edge: enough for a wheel step; each one more is drawn (and a filter keystroke
    // mounts a column's worth of cards anew).
    overscan: 3,
    rangeExtractor,
    initialRect: { width: 256, height: 600 },
    // A card is measured by the ResizeObserver, after the browser's own layout, never by reading its
    // height while React mounts it (that forces a layout in the middle of every filter keystroke
    // that brings new cards). The virtualiser writes the positions and the list's height
    // itself, in that observer's callback, so the first frame already shows them right.
    measureElement: measureFromObserver,
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });

  // Scrolled to only when the keyboard asks: a card added above the current one (a delta) must
  // not pull back a column the pointer has scrolled.
  const revealed = useRef(0);
  useEffect(() => {
    if (!revealRequest || revealRequest === revealed.current) return;
    revealed.current = revealRequest;
    if (currentIndex >= 0 && currentIndex < issues.length) virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
  }, [revealRequest, currentIndex, issues.length, virtualizer]);

  return (
    <ul ref={virtualizer.containerRef} className={styles.virtualList} data-virtualised="true">
      {virtualizer.getVirtualItems().map((item) => (
        <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={styles.virtualItem}>
          <Card
            issue={issues[item.index]!}
            index={item.index}
            current={item.index === currentIndex}
            renderCard={renderCard}
          />
        </li>
      ))}
    </ul>
  );
}
