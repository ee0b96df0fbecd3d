import { useMediaQuery } from '@trackboard/web-kit';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import styles from './issue-dialog.module.css';

/** Spec §9: the left pane takes 60 % by default, clamped to 20–80; arrow keys move it 1 %. */
export const SPLIT_DEFAULT = 60;
export const SPLIT_MIN = 20;
export const SPLIT_MAX = 80;
export const SPLIT_STEP = 1;
const clamp = (value: number) => Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, value));

/** Two panes with a draggable divider (8 px wide), stacked without it on small screens. */
export function SplitPanes({ left, right }: { left: ReactNode; right: ReactNode }) {
  const [split, setSplit] = useState(SPLIT_DEFAULT);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const dragging = useRef(false);
  const small = useMediaQuery('(max-width: 767px)');

  if (small) {
    return (
      <div className={`${styles.body} ${styles.stacked}`}>
        <div className={styles.pane}>{left}</div>
        <div className={styles.pane}>{right}</div>
      </div>
    );
  }

  const follow = (event: PointerEvent) => {
    const box = containerRef.current?.getBoundingClientRect();
    if (!dragging.current || !box || box.width <= 0) return;
    setSplit(clamp(Math.round(((event.clientX - box.left) / box.width) * 1000) / 10));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: -SPLIT_STEP,
      ArrowDown: -SPLIT_STEP,
      ArrowRight: SPLIT_STEP,
      ArrowUp: SPLIT_STEP,
    };
    if (event.key in steps) setSplit((value) => clamp(value + steps[event.key]!));
    else if (event.key === 'Home') setSplit(SPLIT_MIN);
    else if (event.key === 'End') setSplit(SPLIT_MAX);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={containerRef} className={styles.body}>
      <div className={styles.pane} style={{ flex: `0 0 ${split}%` }} data-testid="left-pane">
        {left}
      </div>
      <div
        className={styles.divider}
        role="separator"
        aria-orientation="vertical"
        aria-label={uiMessages.resizePanes}
        aria-valuenow={split}
        aria-valuemin={SPLIT_MIN}
        aria-valuemax={SPLIT_MAX}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          event.preventDefault();
        }}
        onPointerMove={follow}
        onPointerUp={(event) => {
          dragging.current = false;
          event.currentTarget.releasePointerCapture?.(event.pointerId);
        }}
        onPointerCancel={() => {
          dragging.current = false;
        }}
      />
      <div className={`${styles.pane} ${styles.rightPane}`}>{right}</div>
    </div>
  );
}
