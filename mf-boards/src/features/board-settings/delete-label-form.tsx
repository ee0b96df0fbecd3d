import type { LabelDto } from '@trackboard/contracts';
import { useState } from 'react';
import { labelMessages } from './label-messages';
import styles from './board-settings.module.css';

interface DeleteLabelFormProps {
  label: LabelDto;
  /** How many issues carry it (they lose it); undefined while not known. */
  issueCount: number | undefined;
  /** Resolves null once deleted (the row then goes), or the reason it was refused. */
  onDelete(): Promise<string | null>;
  onClose(): void;
}

/**
 * "Delete label" asks first, saying how many issues carry the label and lose it. Cancel has the
 * focus, so an Enter pressed by habit deletes nothing; Escape cancels too.
 */
export function DeleteLabelForm({ label, issueCount, onDelete, onClose }: DeleteLabelFormProps) {
  const [refused, setRefused] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    const reason = await onDelete();
    // Deleted: this row is gone with its label.
    if (reason !== null) {
      setDeleting(false);
      setRefused(reason);
    }
  };

  return (
    <form
      className={styles.panel}
      aria-label={labelMessages.deleteForm(label.name)}
      onSubmit={(event) => {
        event.preventDefault();
        void remove();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <p className={styles.question}>{labelMessages.confirmDelete(label.name, issueCount)}</p>
      {refused ? (
        <p className={styles.fieldError} role="alert">
          {refused}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} autoFocus onClick={onClose}>
          {labelMessages.cancel}
        </button>
        <button type="submit" className={styles.dangerButton} disabled={deleting}>
          {labelMessages.delete}
        </button>
      </div>
    </form>
  );
}
