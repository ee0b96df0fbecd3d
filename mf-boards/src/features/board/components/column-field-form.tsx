import { fieldErrorFromMessage, fieldTexts } from '@trackboard/web-kit';
import { useId, useState } from 'react';
import { columnMessages } from '../../../shared/board-store/column-messages';
import { columnFieldRules } from '../../../shared/board-store/column-model';
import styles from './columns.module.css';

interface ColumnFieldFormProps {
  /** The form's name ("Rename To Do"). */
  label: string;
  /** The field as the server names it: a 400 about it is shown at it. */
  field: keyof typeof columnFieldRules;
  initial: string;
  placeholder?: string;
  hint?: string;
  numeric?: boolean;
  /** The browser's own check of the text, worded as the server's answer would be. */
  check(text: string): string | undefined;
  /** A blank field is refused ("Column name is required."); otherwise blank is a value (no WIP limit). */
  required?: boolean;
  /** Resolves null once saved, or the reason it was refused. */
  onSave(text: string): Promise<string | null>;
  /** Saved or cancelled: the form goes. */
  onClose(saved: boolean): void;
}

/**
 * One field and Save/Cancel: a column's new name, its WIP limit, a new column. Enter
 * saves, Escape cancels. What is wrong is said under the field, in words: the
 * browser's check as typed, or the server's refusal when it names this field ("name: is too
 * long" → "Column name can be at most 100 characters."); any other refusal there too, in the
 * server's words.
 */
export function ColumnFieldForm({
  label,
  field,
  initial,
  placeholder,
  hint,
  numeric = false,
  check,
  required = false,
  onSave,
  onClose,
}: ColumnFieldFormProps) {
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState<string>();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const error = check(text) ?? refused;

  const blank = required && !text.trim();
  const save = async () => {
    if (saving || check(text)) return;
    if (blank) {
      setRefused(fieldTexts.required(columnFieldRules[field].label));
      return;
    }
    setSaving(true);
    try {
      const reason = await onSave(text);
      if (reason === null) onClose(true);
      else setRefused(fieldErrorFromMessage(reason, columnFieldRules)?.text ?? reason);
    } finally {
      setSaving(false);
    }
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form
      className={styles.fieldForm}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-input`} className={styles.visuallyHidden}>
        {columnFieldRules[field].label}
      </label>
      <input
        id={`${id}-input`}
        className={styles.input}
        value={text}
        placeholder={placeholder}
        autoFocus
        autoComplete="off"
        inputMode={numeric ? 'numeric' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          setRefused(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose(false);
          }
        }}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={() => onClose(false)}>
          {columnMessages.cancel}
        </button>
        <button type="submit" className={styles.primary} disabled={saving || blank || Boolean(check(text))}>
          {columnMessages.save}
        </button>
      </div>
    </form>
  );
}
