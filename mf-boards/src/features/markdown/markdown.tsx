import { mentionsAsText } from '@trackboard/contracts';
import { lazyPart } from '../../shared/lazy-part';
import styles from './markdown.module.css';
// Types only: the boxes' code comes with the renderer's chunk.
import type { OnTick } from './task-boxes';

interface MarkdownProps {
  text: string;
  className?: string;
  /** The text's task boxes can be ticked (by whoever may edit it), and a tick goes here. */
  onTick?: OnTick;
}

/** The text as it was written (mentions as `@Name`): while the renderer loads, or if it did not. */
function PlainText({ text, className }: MarkdownProps) {
  return (
    <div className={`${styles.plain} ${className ?? ''}`} data-markdown="pending">
      {mentionsAsText(text)}
    </div>
  );
}

const renderer = lazyPart<MarkdownProps>({
  load: async () => (await import(/* webpackChunkName: "markdown" */ './markdown-renderer')).default,
  loading: PlainText,
  // Readable as it is; rendered once the renderer's code arrives.
  failed: PlainText,
});

/** Starts loading the renderer before it is needed (the first dialog or comment draws it at once). */
export const preloadMarkdown = renderer.preload;

/**
 * Markdown text, drawn by a renderer loaded on first use so the board's first load
 * does not carry it; until it arrives the text shows as it was written (mentions as `@Name`).
 */
export const Markdown = renderer.Part;
