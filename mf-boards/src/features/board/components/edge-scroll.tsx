import { useEffect, useRef, type RefObject } from 'react';
import { useDragLayer } from 'react-dnd';

// A card held near the board's left or right edge scrolls the board that way, faster the
// closer it is: on a phone the other columns are off-screen, and a finger holding a card can't
// swipe at the same time (the touch backend does not scroll by itself).

/** How close to an edge (px) the pointer starts the scroll. */
export const EDGE_PX = 56;
/** Pixels per frame at the very edge. */
export const MAX_SPEED_PX = 20;

/** The scroll per frame for a pointer at `at` in a box from `start` to `end`: negative towards start, 0 away from the edges. */
export function edgeSpeed(at: number, start: number, end: number): number {
  if (end - start < 3 * EDGE_PX) return 0; // too narrow to tell an edge from the middle
  if (at < start + EDGE_PX) return -Math.ceil(MAX_SPEED_PX * (1 - Math.max(0, at - start) / EDGE_PX));
  if (at > end - EDGE_PX) return Math.ceil(MAX_SPEED_PX * (1 - Math.max(0, end - at) / EDGE_PX));
  return 0;
}

/** While something is dragged, scrolls `target` sideways when the pointer nears its edges. Renders nothing. */
export function EdgeScroll({ target }: { target: RefObject<HTMLElement | null> }) {
  const { dragging, x } = useDragLayer((monitor) => ({
    dragging: monitor.isDragging(),
    x: monitor.getClientOffset()?.x ?? null,
  }));
  const pointer = useRef(x);
  pointer.current = x;

  useEffect(() => {
    if (!dragging) return;
    let frame = 0;
    const step = () => {
      const element = target.current;
      const at = pointer.current;
      if (element && at !== null) {
        const box = element.getBoundingClientRect();
        const speed = edgeSpeed(at, Math.max(box.left, 0), Math.min(box.right, window.innerWidth));
        if (speed) element.scrollLeft += speed;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [dragging, target]);
  return null;
}
