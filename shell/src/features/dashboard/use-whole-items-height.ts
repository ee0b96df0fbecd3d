import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height a scrolling list gets so that it ends under a whole item (the activity
 * list stopped at 15rem wherever that fell, cutting its last visible item mid-line): the
 * bottom of the last item that fits within `limit`, at least the first item; none when all fit.
 * `itemBottoms` are measured from the list's top edge, in order.
 */
export function wholeItemsHeight(itemBottoms: number[], limit: number): number | undefined {
  if (itemBottoms.length === 0 || itemBottoms.at(-1)! <= limit) return undefined;
  return itemBottoms.filter((bottom) => bottom <= limit).at(-1) ?? itemBottoms[0];
}

const remInPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * Measures the list's items and caps its height at whole items within `limitRem` (spec §9:
 * about 15rem), again whenever an item's size changes (the card's width or the user's font
 * size rewraps them) and when `items`, the data drawn as the list's children, is another.
 * The CSS keeps the plain 15rem cap for the first paint.
 */
export function useWholeItemsHeight<T extends HTMLElement>(limitRem: number, items: unknown) {
  const ref = useRef<T>(null);
  const [maxHeight, setMaxHeight] = useState<number>();

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top - list.scrollTop;
      const bottoms = Array.from(list.children, (item) => item.getBoundingClientRect().bottom - top);
      setMaxHeight(wholeItemsHeight(bottoms, limitRem * remInPx()));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Measured in the next frame: a new height set from inside the observer's callback would
    // resize what it observes in the same frame ("ResizeObserver loop completed…" errors).
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(list);
    for (const item of Array.from(list.children)) observer.observe(item);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [limitRem, items]);

  return { ref, style: maxHeight === undefined ? undefined : { maxHeight: `${maxHeight}px` } };
}
