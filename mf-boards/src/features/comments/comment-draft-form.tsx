import { uiMessages } from '../../ui-messages';
import { MarkdownEditor } from '../markdown';
import styles from './comments.module.css';

interface CommentDraftFormProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  draft: string;
  busy: boolean;
  /** The text is a draft kept from before (the dialog was closed with it unsent). */
  restored?: boolean;
  onChange(draft: string): void;
  onCancel(): void;
  onSubmit(): void;
}

/**
 * The box a reply or an edit is written in (Markdown, with a preview), with Cancel (which drops
 * a kept draft too) and its submit button.
 */
export function CommentDraftForm({
  label,
  placeholder,
  submitLabel,
  draft,
  busy,
  restored = false,
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
      {restored ? <p className={styles.draftNote}>{uiMessages.draftRestored}</p> : null}
      <MarkdownEditor
        className={styles.input}
        aria-label={label}
        placeholder={placeholder}
        rows={3}
        value={draft}
        // A box opened with the dialog (its kept draft back) leaves the focus where the dialog put it.
        autoFocus={!restored}
        onChange={onChange}
      />
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={onCancel}>
          {uiMessages.cancel}
        </button>
        <button type="submit" className={styles.primary} disabled={busy || !draft.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
