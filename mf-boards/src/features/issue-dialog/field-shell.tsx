import { useId, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
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
 * A field of the dialog edited with a picker rather than a text box (issue 12), laid out like
 * the click-to-edit fields (spec §2.12): label, an Edit button, and the value to click.
 */
export function FieldShell({ label, editing, onEdit, value, children }: FieldShellProps) {
  const labelId = `${useId()}-label`;
  return (
    <section className={styles.field} aria-labelledby={labelId}>
      <div className={styles.fieldHeader}>
        <h3 id={labelId} className={styles.fieldLabel}>
          {label}
        </h3>
        {!editing ? (
          <button type="button" className={styles.editLink} onClick={onEdit} aria-label={`Edit ${label}`}>
            Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        children(labelId)
      ) : (
        <div className={`${styles.value} ${picker.pickerValue}`} onClick={onEdit} data-testid={`${label}-value`}>
          {value ?? <span className={styles.placeholder}>{uiMessages.noFieldValue(label)}</span>}
        </div>
      )}
    </section>
  );
}
