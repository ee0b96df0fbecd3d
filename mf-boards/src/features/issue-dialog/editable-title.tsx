import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { EditOutcome } from './types';
import styles from './issue-dialog.module.css';

/** The dialog's title (spec §2.12): click to edit, Save and Cancel, "No Title" when empty. */
export function EditableTitle({ title, onSave }: { title: string; onSave(title: string): Promise<EditOutcome> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [saving, setSaving] = useState(false);
  const shown = title.trim() ? title : 'No Title';

  const save = async () => {
    const next = draft.trim();
    if (!next) return;
    if (next === title) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const outcome = await onSave(next);
    setSaving(false);
    if (outcome !== 'failed') setEditing(false);
  };

  if (!editing) {
    return (
      <Dialog.Title className={styles.title}>
        <button
          type="button"
          className={styles.titleButton}
          aria-label={`${shown}, edit title`}
          onClick={() => {
            setDraft(title);
            setEditing(true);
          }}
        >
          {shown}
        </button>
      </Dialog.Title>
    );
  }

  return (
    <div>
      <Dialog.Title className={styles.visuallyHidden}>{shown}</Dialog.Title>
      <input
        className={styles.input}
        aria-label="Title"
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
      <div className={styles.editActions}>
        <button type="button" className={styles.button} onClick={() => setEditing(false)} disabled={saving}>
          Cancel
        </button>
        <button type="button" className={styles.primary} onClick={() => void save()} disabled={saving || !draft.trim()}>
          Save
        </button>
      </div>
    </div>
  );
}
