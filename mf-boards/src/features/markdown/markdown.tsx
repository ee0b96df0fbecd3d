import { mentionsAsText } from '@trackboard/contracts';
import { lazy, Suspense } from 'react';
import styles from './markdown.module.css';

const loadRenderer = () => import(/* webpackChunkName: "markdown" */ './markdown-renderer');
const Renderer = lazy(loadRenderer);

/** Starts loading the renderer before it is needed (the first dialog or comment draws it at once). */
export const preloadMarkdown = () => void loadRenderer();

/**
 * Markdown text (issue 12), drawn by a renderer loaded on first use so the board's first load
 * does not carry it; until it arrives the text shows as it was written (mentions as `@Name`).
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={`${styles.plain} ${className ?? ''}`} data-markdown="pending">
          {mentionsAsText(text)}
        </div>
      }
    >
      <Renderer text={text} className={className} />
    </Suspense>
  );
}
