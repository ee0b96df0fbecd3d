import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { columnMessages } from '../../../shared/board-store/column-messages';
import { deleteColumnUndoably, useBoardStore } from '../../../shared/board-store';
import styles from './columns.module.css';

interface DeleteColumnFormProps {
  columnId: string;
  columnName: string;
  /** How many issues the column holds (all of them, whatever a filter shows). */
  issueCount: number;
  /** Deleted (with the column that took its issues, if any) or cancelled: the form goes. */
  onClose(deleted: { targetColumnId?: string } | null): void;
}

/**
 * "Delete column": asks first. A column with issues asks which of the board's other
 * columns receives them (DELETE /columns/{id}?targetColumnId=), the one to its left by default
 * (the right for the first). The server's refusal is said in the form; once it went, a toast
 * offers to undo it.
 */
export function DeleteColumnForm({ columnId, columnName, issueCount, onClose }: DeleteColumnFormProps) {
  const columns = useBoardStore(useShallow((s) => s.columnMeta));
  const others = columns.filter((column) => column.id !== columnId);
  const at = columns.findIndex((column) => column.id === columnId);
  const [target, setTarget] = useState(() => others[Math.max(0, at - 1)]?.id ?? '');
  const [refused, setRefused] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const id = useId();
  const needsTarget = issueCount > 0;

  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    const targetColumnId = needsTarget ? target : undefined;
    try {
      const reason = await deleteColumnUndoably(columnId, targetColumnId);
      if (reason === null) onClose({ targetColumnId });
      else setRefused(reason);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form
      className={styles.fieldForm}
      aria-label={columnMessages.deleteForm(columnName)}
      onSubmit={(event) => {
        event.preventDefault();
        void remove();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose(null);
        }
      }}
    >
      <p className={styles.question}>{columnMessages.confirmDelete(columnName)}</p>
      {needsTarget ? (
        <>
          <label htmlFor={`${id}-target`} className={styles.fieldLabel}>
            {columnMessages.moveIssuesTo(issueCount)}
          </label>
          <select
            id={`${id}-target`}
            className={styles.input}
            value={target}
            autoFocus
            onChange={(event) => {
              setTarget(event.target.value);
              setRefused(undefined);
            }}
          >
            {others.map((column) => (
              <option key={column.id} value={column.id}>
                {column.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {refused ? (
        <p className={styles.fieldError} role="alert">
          {refused}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} autoFocus={!needsTarget} onClick={() => onClose(null)}>
          {columnMessages.cancel}
        </button>
        <button type="submit" className={styles.danger} disabled={deleting || (needsTarget && !target)}>
          {columnMessages.delete}
        </button>
      </div>
    </form>
  );
}
