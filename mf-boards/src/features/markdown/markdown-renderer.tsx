import type { MouseEvent } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkMentions } from './remark-mentions';
import { markdownUrl } from './safe-url';
import styles from './markdown.module.css';

// The Markdown renderer, in a chunk of its own (markdown.tsx loads it on first use): GFM
// (tables, task lists, strikethrough, autolinks) through react-markdown, which builds React
// elements and never HTML, so raw HTML in the text (`<script>`) is shown as text.

/** A click on a link must not also open the editor the text sits in. */
const stop = (event: MouseEvent) => event.stopPropagation();

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer" onClick={stop}>
        {children}
      </a>
    ) : (
      <span className={styles.unsafeLink}>{children}</span>
    ),
  // A task list's boxes are read-only marks of the text beside them: named by their state, so
  // a screen reader says "done" or "not done" rather than an unnamed checkbox.
  input: ({ type, checked, disabled }) =>
    type === 'checkbox' ? (
      <input
        type="checkbox"
        checked={checked ?? false}
        disabled={disabled}
        readOnly
        aria-label={checked ? 'Done' : 'Not done'}
      />
    ) : null,
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
    ) : (
      <span>{alt}</span>
    ),
};

/** GFM, and mentions drawn as chips. */
const plugins = [remarkGfm, remarkMentions(styles.mention ?? 'mention')];

export default function MarkdownRenderer({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`${styles.markdown} ${className ?? ''}`} data-markdown="rendered">
      <ReactMarkdown remarkPlugins={plugins} urlTransform={markdownUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
