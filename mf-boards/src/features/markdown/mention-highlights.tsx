import { useLayoutEffect, useRef, type RefObject } from 'react';
import { shownParts, type KnownMentions } from './mentions';
import styles from './markdown.module.css';

/** What the layer copies from the text box so its text wraps and lines up glyph for glyph. */
const COPIED = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'line-height',
  'text-transform',
  'word-spacing',
  'tab-size',
  'text-indent',
  'padding-top',
  'padding-left',
  'padding-bottom',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
] as const;

/**
 * The mentions in a text box drawn as chips: a layer over the textarea holds the same text,
 * transparent, with each mention's run tinted. A textarea can't style part of its text, and
 * this keeps the real box (caret, selection, undo, spell check) untouched.
 */
export function MentionHighlights({
  text,
  known,
  box,
}: {
  text: string;
  known: KnownMentions;
  box: RefObject<HTMLTextAreaElement | null>;
}) {
  const layer = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const area = box.current;
    const over = layer.current;
    if (!area || !over) return;
    const place = () => {
      const style = getComputedStyle(area);
      for (const name of COPIED) over.style.setProperty(name, style.getPropertyValue(name));
      // The box's own scroll bar narrows its text: the layer's right padding takes its width.
      const bar =
        area.offsetWidth - area.clientWidth - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
      over.style.paddingRight = `${parseFloat(style.paddingRight) + Math.max(0, bar)}px`;
      over.style.top = `${area.offsetTop}px`;
      over.style.left = `${area.offsetLeft}px`;
      over.style.width = `${area.offsetWidth}px`;
      over.style.height = `${area.offsetHeight}px`;
      over.scrollTop = area.scrollTop;
    };
    place();
    const follow = () => {
      over.scrollTop = area.scrollTop;
    };
    area.addEventListener('scroll', follow);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    resized?.observe(area);
    return () => {
      area.removeEventListener('scroll', follow);
      resized?.disconnect();
    };
  }, [box, text]);

  return (
    <div ref={layer} className={styles.mentionLayer} aria-hidden="true" data-testid="mention-highlights">
      {shownParts(text, known).map((part, index) =>
        'text' in part ? (
          part.text
        ) : (
          <mark key={index} className={styles.mentionMark} data-user-id={part.userId}>
            @{part.name}
          </mark>
        ),
      )}
      {/* A last empty line still takes its height, as it does in the box. */}
      {text.endsWith('\n') ? ' ' : null}
    </div>
  );
}
