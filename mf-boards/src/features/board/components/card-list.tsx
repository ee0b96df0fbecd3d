import type { IssueDto } from '@trackboard/contracts';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, type ReactNode, type RefObject } from 'react';
import styles from './board.module.css';

/** Columns longer than this draw only the cards in view (blueprint §5: long columns virtualised). */
export const VIRTUALISE_AFTER = 50;
const ESTIMATED_CARD_HEIGHT = 56;

interface CardListProps {
  issues: IssueDto[];
  /** The column body that scrolls. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** A card that must stay drawn (the one the keyboard is moving): its index, or -1. */
  pinnedIndex: number;
  renderCard(issue: IssueDto, index: number): ReactNode;
}

export function CardList(props: CardListProps) {
  return props.issues.length > VIRTUALISE_AFTER ? <VirtualCardList {...props} /> : <PlainCardList {...props} />;
}

function PlainCardList({ issues, renderCard }: CardListProps) {
  return (
    <ul className={styles.list}>
      {issues.map((issue, index) => (
        <li key={issue.id}>{renderCard(issue, index)}</li>
      ))}
    </ul>
  );
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
    overscan: 6,
    rangeExtractor,
    initialRect: { width: 256, height: 600 },
  });

  useEffect(() => {
    if (pinnedIndex >= 0 && pinnedIndex < issues.length) virtualizer.scrollToIndex(pinnedIndex, { align: 'auto' });
  }, [pinnedIndex, issues.length, virtualizer]);

  return (
    <ul className={styles.virtualList} style={{ height: virtualizer.getTotalSize() }} data-virtualised="true">
      {virtualizer.getVirtualItems().map((item) => (
        <li
          key={item.key}
          ref={virtualizer.measureElement}
          data-index={item.index}
          className={styles.virtualItem}
          style={{ transform: `translateY(${item.start}px)` }}
        >
          {renderCard(issues[item.index]!, item.index)}
        </li>
      ))}
    </ul>
  );
}
