import type { ReactNode } from 'react';
import styles from './field.module.css';

/** What the field's input must carry to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The input's id; the hint and the error are `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** What the field expects, shown under it while there is no error. */
  hint?: ReactNode;
  /** Announce a hint that changes as the user types (the project key's "left out …"). */
  liveHint?: boolean;
  error?: string;
  /** The form's layout for this field (its width in a row), added to the field's own class. */
  className?: string;
  /** The input itself, given the props that tie it to the label and the note under it. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A labelled input with its hint or its error under it, tied to it by aria-describedby. The
 * error replaces the hint: both state the same rule, and one description reads better.
 * Every form's fields (docs/decisions/0030-web-kit-field-and-dialog-look.md).
 */
export function Field({ id, label, hint, liveHint = false, error, className, children }: FieldProps) {
  const note = error
    ? { id: `${id}-error`, text: error, className: styles.error, live: false }
    : hint
      ? { id: `${id}-hint`, text: hint, className: styles.hint, live: liveHint }
      : undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note?.id })}
      {note && (
        <p id={note.id} className={note.className} aria-live={note.live ? 'polite' : undefined}>
          {note.text}
        </p>
      )}
    </div>
  );
}
