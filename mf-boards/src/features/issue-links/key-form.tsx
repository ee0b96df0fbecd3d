import { useState, type ReactNode } from 'react';
import { linkTexts } from './link-texts';
import styles from './issue-links.module.css';

interface KeyFormProps {
  /** The text box's name. */
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** Controls before the text box (a relation's type). */
  before?: ReactNode;
  /** Sends the text; answers the refusal to show, or null when it was taken. */
  onSubmit(text: string): Promise<string | null>;
  onCancel(): void;
}

/**
 * A one-line form that opens focused: Enter sends, Escape cancels (only the form: `data-editor`
 * keeps the dialog open), the server's refusal is said under it and the text stays for a fix.
 */
export function KeyForm({ label, placeholder, submitLabel, before, onSubmit, onCancel }: KeyFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    setError(null);
    const refusal = await onSubmit(value);
    setBusy(false);
    if (refusal) setError(refusal);
    else setText('');
  };

  return (
    <form
      className={styles.form}
      data-editor
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <div className={styles.formRow}>
        {before}
        <input
          className={styles.input}
          aria-label={label}
          placeholder={placeholder}
          value={text}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.primary} disabled={busy || !text.trim()}>
          {submitLabel}
        </button>
        <button type="button" className={styles.button} onClick={onCancel}>
          {linkTexts.cancel}
        </button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
