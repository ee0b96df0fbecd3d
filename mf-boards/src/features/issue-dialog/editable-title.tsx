import * as Dialog from '@radix-ui/react-dialog';
import { uiMessages } from '../../ui-messages';
import { EditActions, useClickToEdit } from './click-to-edit';
import { useDialogReadOnly } from './read-only';
import type { EditOutcome } from './types';
import styles from './issue-dialog.module.css';

/** The dialog's title (spec §2.12): click to edit, Save and Cancel, "No Title" when empty. */
export function EditableTitle({ title, onSave }: { title: string; onSave(title: string): Promise<EditOutcome> }) {
  // A title is trimmed and never blank.
  const edit = useClickToEdit(title, onSave, (draft) => draft.trim() || null);
  const shown = title.trim() ? title : uiMessages.noTitle;
  const readOnly = useDialogReadOnly();

  if (readOnly) return <Dialog.Title className={`${styles.title} ${styles.readOnlyTitle}`}>{shown}</Dialog.Title>;
  if (!edit.editing) {
    return (
      <Dialog.Title className={styles.title}>
        <button type="button" className={styles.titleButton} aria-label={`${shown}, edit title`} onClick={edit.start}>
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
        value={edit.draft}
        autoFocus
        onChange={(event) => edit.setDraft(event.target.value)}
        onKeyDown={edit.saveOnEnter}
      />
      <EditActions
        saving={edit.saving}
        canSave={!!edit.draft.trim()}
        onCancel={edit.cancel}
        onSave={() => void edit.save()}
      />
    </div>
  );
}
