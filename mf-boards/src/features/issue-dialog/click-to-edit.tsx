import { useState } from 'react';
import type { EditOutcome } from './types';
import styles from './issue-dialog.module.css';

/**
 * The click-to-edit cycle shared by the dialog's title and fields (spec §2.12): the editor
 * starts from the value as loaded now (§4.8), an unchanged value closes without a call, and
 * a refused edit (409) closes too so the fresh values show; only a failure keeps it open.
 * `prepare` turns the draft into what is saved, or null when there is nothing to save.
 */
export function useClickToEdit(
  value: string,
  onSave: (next: string) => Promise<EditOutcome>,
  prepare: (draft: string) => string | null = (d) => d,
) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);

  const start = () => {
    setDraft(value);
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = async () => {
    const next = prepare(draft);
    if (next === null) return;
    if (next === value) return setEditing(false);
    setSaving(true);
    const outcome = await onSave(next);
    setSaving(false);
    if (outcome !== 'failed') setEditing(false);
  };
  /** Enter saves (single-line editors). */
  const saveOnEnter = (event: { key: string; preventDefault(): void }) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };
  return { editing, draft, setDraft, saving, start, cancel, save, saveOnEnter };
}

/** Cancel and Save under an editor. */
export function EditActions({
  saving,
  canSave = true,
  onCancel,
  onSave,
}: {
  saving: boolean;
  canSave?: boolean;
  onCancel(): void;
  onSave(): void;
}) {
  return (
    <div className={styles.editActions}>
      <button type="button" className={styles.button} onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="button" className={styles.primary} onClick={onSave} disabled={saving || !canSave}>
        Save
      </button>
    </div>
  );
}
