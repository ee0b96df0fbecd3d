import type { MouseEvent } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { attachmentIdOf } from '@trackboard/contracts';
import { AttachmentImage } from '../attachments';
import { remarkMentions } from './remark-mentions';
import { markdownUrl } from './safe-url';
import { ListItem, TaskBox, TickableTasks, type OnTick } from './task-boxes';
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
  // A task list's boxes: read-only marks, or ticked where the text allows it (task-boxes.tsx).
  li: ListItem,
  input: TaskBox,
  // An image of the issue's own attachments: its link is asked for (the stable address needs the token).
  img: ({ src, alt }) =>
    typeof src === 'string' && attachmentIdOf(src) ? (
      <AttachmentImage attachmentId={attachmentIdOf(src)!} alt={alt ?? ''} />
    ) : typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
    ) : (
      <span>{alt}</span>
    ),
};

/** Every URL goes by markdownUrl, but an image's attachment address (`/api/attachments/12`), which AttachmentImage resolves. */
const urlOf: UrlTransform = (url, key, node) =>
  key === 'src' && node.tagName === 'img' && attachmentIdOf(url) ? url : markdownUrl(url);

/** GFM, and mentions drawn as chips. */
const plugins = [remarkGfm, remarkMentions(styles.mention ?? 'mention')];

/** `onTick`: the text's task boxes can be ticked, and a tick goes there. */
export default function MarkdownRenderer({
  text,
  className,
  onTick,
}: {
  text: string;
  className?: string;
  onTick?: OnTick;
}) {
  return (
    <div className={`${styles.markdown} ${className ?? ''}`} data-markdown="rendered">
      <TickableTasks text={text} onTick={onTick}>
        <ReactMarkdown remarkPlugins={plugins} urlTransform={urlOf} components={components}>
          {text}
        </ReactMarkdown>
      </TickableTasks>
    </div>
  );
}
