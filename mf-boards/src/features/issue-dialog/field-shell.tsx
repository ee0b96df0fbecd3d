import { useId, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { useDialogReadOnly } from './read-only';
import styles from './issue-dialog.module.css';
import picker from './pickers.module.css';

interface FieldShellProps {
  label: string;
  editing: boolean;
  onEdit(): void;
  /** What the field shows while not editing; nothing shows "No {field} provided.". */
  value: ReactNode | null;
  /** The editor (a picker), drawn while editing; given the label's id. */
  children(labelId: string): ReactNode;
}

/**
 * A field of the dialog edited with a picker rather than a text box, laid out like
 * the click-to-edit fields: label, an Edit button, and the value to click.
 */
export function FieldShell({ label, editing: editingAsked, onEdit, value, children }: FieldShellProps) {
  const labelId = `${useId()}-label`;
  // Read-only: the value, with no Edit button, and a click on it opens nothing.
  const readOnly = useDialogReadOnly();
  const editing = editingAsked && !readOnly;
  return (
    <section className={styles.field} aria-labelledby={labelId}>
      <div className={styles.fieldHeader}>
        <h3 id={labelId} className={styles.fieldLabel}>
          {label}
        </h3>
        {!editing && !readOnly ? (
          <button type="button" className={styles.editLink} onClick={onEdit} aria-label={uiMessages.editField(label)}>
            {uiMessages.edit}
          </button>
        ) : null}
      </div>
      {editing ? (
        children(labelId)
      ) : (
        <div
          className={`${styles.value} ${picker.pickerValue} ${readOnly ? styles.readOnlyValue : ''}`}
          onClick={readOnly ? undefined : onEdit}
          data-testid={`${label}-value`}
        >
          {value ?? <span className={styles.placeholder}>{uiMessages.noFieldValue(label)}</span>}
        </div>
      )}
    </section>
  );
}
