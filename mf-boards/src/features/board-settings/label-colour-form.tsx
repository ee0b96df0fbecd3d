import { labelColors, type LabelColor, type LabelDto } from '@trackboard/contracts';
import { useId, useState } from 'react';
import chip from '../../shared/label-chip.module.css';
import { colorNames, labelMessages } from './label-messages';
import styles from './board-settings.module.css';

interface LabelColourFormProps {
  label: LabelDto;
  /** Resolves null once saved, or the reason it was refused. */
  onSave(color: LabelColor): Promise<string | null>;
  /** Saved or cancelled: the form goes. */
  onClose(): void;
}

/**
 * The palette as a group of radio buttons, one swatch each, named by its colour (arrow keys move
 * through it, as in any radio group); Save takes the one chosen, Escape or Cancel keeps the old.
 */
export function LabelColourForm({ label, onSave, onClose }: LabelColourFormProps) {
  const [color, setColor] = useState<LabelColor>(label.color);
  const [refused, setRefused] = useState<string>();
  const [saving, setSaving] = useState(false);
  const name = useId();

  const save = async () => {
    if (saving) return;
    if (color === label.color) return onClose();
    setSaving(true);
    const reason = await onSave(color);
    setSaving(false);
    if (reason === null) onClose();
    else setRefused(reason);
  };

  return (
    <form
      className={styles.panel}
      aria-label={labelMessages.colourGroup(label.name)}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <fieldset className={styles.palette}>
        <legend className={styles.visuallyHidden}>{labelMessages.colourGroup(label.name)}</legend>
        {labelColors.map((option) => (
          <label key={option} className={styles.swatchOption} title={colorNames[option]}>
            <input
              type="radio"
              name={name}
              value={option}
              className={styles.swatchInput}
              checked={color === option}
              autoFocus={option === label.color}
              onChange={() => {
                setColor(option);
                setRefused(undefined);
              }}
            />
            <span className={`${styles.swatch} ${chip[option]}`} aria-hidden="true" />
            <span className={styles.visuallyHidden}>{colorNames[option]}</span>
          </label>
        ))}
      </fieldset>
      {refused ? (
        <p className={styles.fieldError} role="alert">
          {refused}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={onClose}>
          {labelMessages.cancel}
        </button>
        <button type="submit" className={styles.primaryButton} disabled={saving}>
          {labelMessages.save}
        </button>
      </div>
    </form>
  );
}
