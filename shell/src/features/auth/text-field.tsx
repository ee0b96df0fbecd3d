import { Field } from '@trackboard/web-kit';
import { authStyles as styles } from './auth-screen';

interface TextFieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value: string;
  error?: string;
  /** What the field expects, shown under it until there is an error to say instead. */
  hint?: string;
  /** Shown, not typed in: a value the screen already knows (an invitation's e-mail). */
  readOnly?: boolean;
  onChange?: (value: string) => void;
}

/** A required input of the sign-in screens, in web-kit's labelled Field. */
export function TextField({
  label,
  name,
  type = 'text',
  autoComplete,
  value,
  error,
  hint,
  readOnly,
  onChange,
}: TextFieldProps) {
  return (
    <Field id={`field-${name}`} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className={styles.input}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={value}
          required
          readOnly={readOnly}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
    </Field>
  );
}
