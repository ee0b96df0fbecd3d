import { useId, useState, type ReactNode } from 'react';
import type { EditOutcome } from './types';
import styles from './issue-dialog.module.css';

interface EditableFieldProps {
  label: string;
  value: string;
  placeholder: string;
  multiline?: boolean;
  monospace?: boolean;
  /** How a non-empty value is shown (links, a user's name); plain text otherwise. */
  renderValue?: (value: string) => ReactNode;
  onSave(value: string): Promise<EditOutcome>;
}

/**
 * A click-to-edit field of the issue dialog (spec §2.12): the value (or "No {field}
 * provided."), a click or the Edit button opens the editor, Save sends the change and Cancel
 * drops it. An unchanged value closes without a call.
 */
export function EditableField({ label, value, placeholder, multiline = true, monospace = false, renderValue, onSave }: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const labelId = `${id}-label`;

  const startEditing = () => {
    // The editor starts from the issue as loaded now (spec §4.8: the fields sync from it).
    setDraft(value);
    setEditing(true);
  };

  const save = async () => {
    if (draft === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const outcome = await onSave(draft);
    setSaving(false);
    // A refused edit (409) closes too, so the fresh values show.
    if (outcome !== 'failed') setEditing(false);
  };

  const inputClass = `${styles.input} ${monospace ? styles.mono : ''}`;

  return (
    <section className={styles.field} aria-labelledby={labelId}>
      <div className={styles.fieldHeader}>
        <h3 id={labelId} className={styles.fieldLabel}>
          {label}
        </h3>
        {!editing ? (
          <button type="button" className={styles.editLink} onClick={startEditing} aria-label={`Edit ${label}`}>
            Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        <div>
          {multiline ? (
            <textarea
              className={inputClass}
              aria-labelledby={labelId}
              placeholder={placeholder}
              rows={monospace ? 8 : 4}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
            />
          ) : (
            <input
              className={inputClass}
              aria-labelledby={labelId}
              placeholder={placeholder}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void save();
                }
              }}
            />
          )}
          <div className={styles.editActions}>
            <button type="button" className={styles.button} onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </button>
            <button type="button" className={styles.primary} onClick={() => void save()} disabled={saving}>
              Save
            </button>
          </div>
        </div>
      ) : (
        // Mouse users click the value itself; keyboard users have the Edit button above.
        <div className={`${styles.value} ${monospace ? styles.mono : ''}`} onClick={startEditing} data-testid={`${label}-value`}>
          {value.trim() ? (renderValue ? renderValue(value) : value) : <span className={styles.placeholder}>{`No ${label.toLowerCase()} provided.`}</span>}
        </div>
      )}
    </section>
  );
}
