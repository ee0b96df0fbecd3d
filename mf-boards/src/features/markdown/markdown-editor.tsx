import { useEffect, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { Markdown } from './markdown';
import styles from './markdown.module.css';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

interface MarkdownEditorProps extends TextareaProps {
  value: string;
  onChange(value: string): void;
}

/**
 * A Markdown text box with Write and Preview (issue 12). The textarea keeps every attribute it
 * is given (label, placeholder, rows), so it reads and behaves like the plain box it replaces.
 */
export function MarkdownEditor({ value, onChange, ...textarea }: MarkdownEditorProps) {
  const [preview, setPreview] = useState(false);
  const box = useRef<HTMLTextAreaElement | null>(null);
  // Emptied from outside (a comment posted): back to writing the next one.
  useEffect(() => {
    if (value === '') setPreview(false);
  }, [value]);

  return (
    <div className={styles.editor}>
      <div className={styles.modes} role="group" aria-label="Markdown editor mode">
        <button
          type="button"
          className={styles.mode}
          aria-pressed={!preview}
          onClick={() => {
            setPreview(false);
            requestAnimationFrame(() => box.current?.focus());
          }}
        >
          Write
        </button>
        <button type="button" className={styles.mode} aria-pressed={preview} onClick={() => setPreview(true)}>
          Preview
        </button>
        <span className={styles.hint} aria-hidden="true">
          Markdown
        </span>
      </div>
      {preview ? (
        <div className={styles.preview} data-testid="markdown-preview">
          {value.trim() ? <Markdown text={value} /> : <span className={styles.empty}>Nothing to preview</span>}
        </div>
      ) : (
        <textarea ref={box} {...textarea} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
