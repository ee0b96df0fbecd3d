import { authStyles as styles } from './auth-screen';

interface TextFieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value: string;
  error?: string;
  /** What the field expects, shown under it until there is an error to say instead (issue 16). */
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled input with its hint or its validation message, tied to it by aria-describedby. */
export function TextField({ label, name, type = 'text', autoComplete, value, error, hint, onChange }: TextFieldProps) {
  const id = `field-${name}`;
  // The error replaces the hint: both state the same rule, and one description reads better.
  const note = error ? { id: `${id}-error`, text: error, className: styles.fieldError } : undefined;
  const help = !error && hint ? { id: `${id}-hint`, text: hint, className: styles.fieldHint } : undefined;
  const shown = note ?? help;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={shown?.id}
        onChange={(event) => onChange(event.target.value)}
      />
      {shown && (
        <p id={shown.id} className={shown.className}>
          {shown.text}
        </p>
      )}
    </div>
  );
}
