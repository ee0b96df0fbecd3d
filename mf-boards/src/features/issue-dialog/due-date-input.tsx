import { useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { useDialogReadOnly } from './read-only';
import styles from './issue-dialog.module.css';
import propertyStyles from './properties.module.css';

/** A full date the server takes (a date input passes through years like 0002 while one is typed). */
const complete = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;

/**
 * The due date: the browser's own date picker. A complete date is saved as soon as
 * it is chosen; Clear removes it.
 */
export function DueDateInput({ value, onSave }: { value: string | null; onSave(dueDate: string | null): void }) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  // Read-only: the date shows; the browser opens no picker, and there is no Clear.
  const readOnly = useDialogReadOnly();

  const commit = (next: string) => {
    if (next === (value ?? '')) return;
    if (next === '') onSave(null);
    else if (complete(next)) onSave(next);
  };

  return (
    <span className={propertyStyles.dueDate}>
      <input
        type="date"
        className={`${styles.input} ${propertyStyles.dateInput}`}
        aria-label={uiMessages.fields.dueDate}
        value={draft}
        readOnly={readOnly}
        onChange={(event) => {
          setDraft(event.target.value);
          commit(event.target.value);
        }}
      />
      {value && !readOnly ? (
        <button
          type="button"
          className={styles.editLink}
          onClick={() => commit('')}
          aria-label={uiMessages.clearDueDate}
        >
          {uiMessages.clearDate}
        </button>
      ) : null}
    </span>
  );
}
