import { MarkdownEditor } from '../markdown';
import styles from './comments.module.css';

interface CommentDraftFormProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  draft: string;
  busy: boolean;
  onChange(draft: string): void;
  onCancel(): void;
  onSubmit(): void;
}

/** The box a reply or an edit is written in (Markdown, with a preview), with Cancel and its submit button. */
export function CommentDraftForm({
  label,
  placeholder,
  submitLabel,
  draft,
  busy,
  onChange,
  onCancel,
  onSubmit,
}: CommentDraftFormProps) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <MarkdownEditor
        className={styles.input}
        aria-label={label}
        placeholder={placeholder}
        rows={3}
        value={draft}
        autoFocus
        onChange={onChange}
      />
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={busy || !draft.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
