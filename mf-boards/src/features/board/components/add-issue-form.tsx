import { fieldErrorFromMessage, lengthError, type FieldError, type FieldRules } from '@trackboard/web-kit';
import { useId, useState } from 'react';
import { issueFieldRules } from '../issue-field-rules';
import { useBoardStore } from '../store';
import styles from './board.module.css';
import fieldStyles from './add-issue-form.module.css';

interface AddIssueFormProps {
  columnName: string;
  /** Resolves true once the issue exists; the form then closes. */
  onAdd(title: string, description: string): Promise<boolean>;
}

/** This form's fields of the issue's rules: a 400 about another field stays the board's error. */
const rules = { title: issueFieldRules.title, description: issueFieldRules.description } satisfies FieldRules;

/**
 * After a refused add, the store's banner error when it is about one of this form's fields: the
 * form shows it at the field instead and clears the banner. The store's addIssue answers only
 * true/false and keeps the reason as the board's error, so the form takes it from there.
 */
function takeFieldError(): FieldError | undefined {
  const { error, dismissError } = useBoardStore.getState();
  const found = typeof error === 'string' ? fieldErrorFromMessage(error, rules) : undefined;
  if (found) dismissError();
  return found;
}

/**
 * "+ Add Issue" (spec §2.11, §5): a title and an optional description, Save disabled while
 * the title is blank, Enter without Shift in the title saves. A blank title cancels silently.
 * Over the server's limits, or refused by it, the field says why (issue 16).
 */
export function AddIssueForm({ columnName, onAdd }: AddIssueFormProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<FieldError>();
  const id = useId();

  const errors: Partial<Record<string, string>> = {
    title: lengthError(title, rules.title),
    description: lengthError(description, rules.description),
  };
  if (refused) errors[refused.field] ??= refused.text;
  const invalid = Boolean(errors.title || errors.description);

  const close = () => {
    setOpen(false);
    setTitle('');
    setDescription('');
    setRefused(undefined);
  };

  const save = async () => {
    if (saving || invalid) return;
    if (!title.trim()) {
      close();
      return;
    }
    setSaving(true);
    try {
      if (await onAdd(title.trim(), description.trim())) close();
      else setRefused(takeFieldError());
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

  const errorId = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const errorLine = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={fieldStyles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

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
        className={fieldStyles.input}
        placeholder="Enter issue title..."
        value={title}
        autoFocus
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errorId('title')}
        onChange={(event) => {
          setTitle(event.target.value);
          if (refused?.field === 'title') setRefused(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            close();
          }
        }}
      />
      {errorLine('title')}
      <label htmlFor={`${id}-description`} className={styles.visuallyHidden}>
        Issue description
      </label>
      <textarea
        id={`${id}-description`}
        className={fieldStyles.input}
        placeholder="Add a description (optional)..."
        rows={3}
        value={description}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={errorId('description')}
        onChange={(event) => {
          setDescription(event.target.value);
          if (refused?.field === 'description') setRefused(undefined);
        }}
      />
      {errorLine('description')}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={close}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={!title.trim() || saving || invalid}>
          Save
        </button>
      </div>
    </form>
  );
}
