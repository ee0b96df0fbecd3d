import { useId, type ComponentType, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { uiMessages } from '../../ui-messages';
import type { PresenceField } from '@trackboard/contracts';
import { usePresenceEditing } from '../../shared/presence/use-presence';
import { useClickToEdit, type EditBasis } from './click-to-edit';
import { EditorFrame } from './editor-frame';
import { useFocusBack } from './live-changes';
import { useDialogReadOnly } from './read-only';
import type { EditOutcome } from '../../shared/board-store';
import styles from './issue-dialog.module.css';

/** What a multi-line editor is given: a textarea's attributes, its text and its change. */
export type TextEditorProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange(value: string): void;
};

const PlainTextarea = ({ onChange, ...props }: TextEditorProps) => (
  <textarea {...props} onChange={(event) => onChange(event.target.value)} />
);

interface EditableFieldProps {
  /** The field it edits, as the others on the issue are told. */
  field: PresenceField;
  label: string;
  value: string;
  /** The version now: an edit remembers the one it began from. */
  version: number;
  placeholder: string;
  multiline?: boolean;
  monospace?: boolean;
  /** How a non-empty value is shown (links, Markdown); plain text otherwise. */
  renderValue?: (value: string) => ReactNode;
  /** The multi-line editor, when not a plain textarea (the Markdown editor with its preview). */
  editor?: ComponentType<TextEditorProps>;
  /** Who changed the field while it was open, as the board room said. */
  changedBy?: string;
  /** Where an unsaved draft is kept until saved or discarded; none: not kept. */
  draftKey?: string;
  onSave(value: string, startedFrom: EditBasis): Promise<EditOutcome>;
}

/**
 * A click-to-edit field of the issue dialog: the value (or "No {field}
 * provided."), a click or the Edit button opens the editor, Save sends the change and Cancel
 * drops it. An unchanged value closes without a call. Two people editing it: see EditorFrame.
 */
export function EditableField({
  field,
  label,
  value,
  version,
  placeholder,
  multiline = true,
  monospace = false,
  renderValue,
  editor: Editor = PlainTextarea,
  changedBy,
  draftKey,
  onSave,
}: EditableFieldProps) {
  const edit = useClickToEdit({ value, version, onSave, draftKey });
  // Read-only: the value, with no Edit button, and a click on it opens nothing.
  const readOnly = useDialogReadOnly();
  const editing = edit.editing && !readOnly;
  usePresenceEditing(field, editing);
  const editButton = useFocusBack<HTMLButtonElement>(editing);
  const id = useId();
  const labelId = `${id}-label`;

  const inputClass = `${styles.input} ${monospace ? styles.mono : ''}`;

  return (
    <section className={styles.field} aria-labelledby={labelId}>
      <div className={styles.fieldHeader}>
        <h3 id={labelId} className={styles.fieldLabel}>
          {label}
        </h3>
        {!editing && !readOnly ? (
          <button
            ref={editButton}
            type="button"
            className={styles.editLink}
            onClick={edit.start}
            aria-label={uiMessages.editField(label)}
          >
            {uiMessages.edit}
          </button>
        ) : null}
      </div>
      {editing ? (
        <EditorFrame edit={edit} value={value} changedBy={changedBy} multiline={multiline} monospace={monospace}>
          {multiline ? (
            <Editor
              className={inputClass}
              aria-labelledby={labelId}
              placeholder={placeholder}
              rows={monospace ? 8 : 4}
              value={edit.draft}
              autoFocus
              onChange={edit.setDraft}
            />
          ) : (
            <input
              className={inputClass}
              aria-labelledby={labelId}
              placeholder={placeholder}
              value={edit.draft}
              autoFocus
              onChange={(event) => edit.setDraft(event.target.value)}
              onKeyDown={edit.saveOnEnter}
            />
          )}
        </EditorFrame>
      ) : (
        // Mouse users click the value itself; keyboard users have the Edit button above.
        <div
          className={`${styles.value} ${monospace ? styles.mono : ''} ${readOnly ? styles.readOnlyValue : ''}`}
          onClick={readOnly ? undefined : edit.start}
          data-testid={`${label}-value`}
        >
          {value.trim() ? (
            renderValue ? (
              renderValue(value)
            ) : (
              value
            )
          ) : (
            <span className={styles.placeholder}>{uiMessages.noFieldValue(label)}</span>
          )}
        </div>
      )}
    </section>
  );
}
