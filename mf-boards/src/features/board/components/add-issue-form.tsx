import { useId, useState } from 'react';
import styles from './board.module.css';

interface AddIssueFormProps {
  columnName: string;
  /** Resolves true once the issue exists; the form then closes. */
  onAdd(title: string, description: string): Promise<boolean>;
}

/**
 * "+ Add Issue" (spec §2.11, §5): a title and an optional description, Save disabled while
 * the title is blank, Enter without Shift in the title saves. A blank title cancels silently.
 */
export function AddIssueForm({ columnName, onAdd }: AddIssueFormProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  const close = () => {
    setOpen(false);
    setTitle('');
    setDescription('');
  };

  const save = async () => {
    if (saving) return;
    if (!title.trim()) {
      close();
      return;
    }
    setSaving(true);
    try {
      if (await onAdd(title.trim(), description.trim())) close();
    } finally {
      setSaving(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className={styles.addButton}
        onClick={() => setOpen(true)}
        aria-label={`+ Add Issue to ${columnName}`}
      >
        + Add Issue
      </button>
    );
  }

  return (
    <form
      className={styles.addForm}
      aria-label={`New issue in ${columnName}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-title`} className={styles.visuallyHidden}>
        Issue title
      </label>
      <input
        id={`${id}-title`}
        className={styles.input}
        placeholder="Enter issue title..."
        value={title}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            close();
          }
        }}
      />
      <label htmlFor={`${id}-description`} className={styles.visuallyHidden}>
        Issue description
      </label>
      <textarea
        id={`${id}-description`}
        className={styles.input}
        placeholder="Add a description (optional)..."
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={close}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={!title.trim() || saving}>
          Save
        </button>
      </div>
    </form>
  );
}
