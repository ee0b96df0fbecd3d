import { LABEL_NAME_MAX_LENGTH, type LabelDto } from '@trackboard/contracts';
import { fieldErrorFromMessage, fieldRule, fieldTexts, lengthError, type FieldRules } from '@trackboard/web-kit';
import { useId, useState } from 'react';
import { labelMessages } from './label-messages';
import styles from './board-settings.module.css';

const rules = {
  name: fieldRule(() => labelMessages.nameField, { max: LABEL_NAME_MAX_LENGTH }),
} satisfies FieldRules;

interface LabelNameFormProps {
  label: LabelDto;
  /** Resolves null once saved, or the reason it was refused. */
  onSave(name: string): Promise<string | null>;
  /** Saved or cancelled: the form goes. */
  onClose(): void;
}

/**
 * A label's new name, in place of its chip: Enter saves, Escape cancels. What is wrong is said
 * under the field: the browser's own check as typed, or the server's refusal (a name another
 * label has, whatever its case, is a 409 in the server's words).
 */
export function LabelNameForm({ label, onSave, onClose }: LabelNameFormProps) {
  const [text, setText] = useState(label.name);
  const [refused, setRefused] = useState<string>();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const tooLong = lengthError(text, rules.name);
  const error = tooLong ?? refused;

  const save = async () => {
    if (saving || tooLong) return;
    const name = text.trim();
    if (!name) return setRefused(fieldTexts.required(rules.name.label));
    if (name === label.name) return onClose();
    setSaving(true);
    const reason = await onSave(name);
    setSaving(false);
    if (reason === null) onClose();
    else setRefused(fieldErrorFromMessage(reason, rules)?.text ?? reason);
  };

  return (
    <form
      className={styles.inlineForm}
      aria-label={labelMessages.renameForm(label.name)}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-name`} className={styles.visuallyHidden}>
        {labelMessages.nameField}
      </label>
      <input
        id={`${id}-name`}
        className={styles.input}
        value={text}
        autoFocus
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setRefused(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={onClose}>
          {labelMessages.cancel}
        </button>
        <button type="submit" className={styles.primaryButton} disabled={saving || Boolean(tooLong)}>
          {labelMessages.save}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
