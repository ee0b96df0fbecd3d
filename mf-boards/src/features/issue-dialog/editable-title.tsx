import * as Dialog from '@radix-ui/react-dialog';
import type { IssueDto } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';
import { usePresenceEditing } from '../../shared/presence/use-presence';
import { useClickToEdit } from './click-to-edit';
import { EditorFrame } from './editor-frame';
import { useChangedBy, useFocusBack } from './live-changes';
import { useDialogReadOnly } from './read-only';
import type { UpdateIssue } from '../../shared/board-store';
import styles from './issue-dialog.module.css';

/** The dialog's title (spec §2.12): click to edit, Save and Cancel, "No Title" when empty. */
export function EditableTitle({ issue, onUpdate }: { issue: IssueDto; onUpdate: UpdateIssue }) {
  const { title, version } = issue;
  const edit = useClickToEdit({
    value: title,
    version,
    onSave: (next, from) => onUpdate({ title: next }, { version: from.version, base: { title: from.value } }),
    // A title is trimmed and never blank.
    prepare: (draft) => draft.trim() || null,
  });
  const changedBy = useChangedBy('title');
  const shown = title.trim() ? title : uiMessages.noTitle;
  const readOnly = useDialogReadOnly();
  const titleButton = useFocusBack<HTMLButtonElement>(edit.editing);
  usePresenceEditing('title', edit.editing);

  if (readOnly) return <Dialog.Title className={`${styles.title} ${styles.readOnlyTitle}`}>{shown}</Dialog.Title>;
  if (!edit.editing) {
    return (
      <Dialog.Title className={styles.title}>
        <button
          ref={titleButton}
          type="button"
          className={styles.titleButton}
          aria-label={uiMessages.editTitle(shown)}
          onClick={edit.start}
        >
          {shown}
        </button>
      </Dialog.Title>
    );
  }

  return (
    <div>
      <Dialog.Title className={styles.visuallyHidden}>{shown}</Dialog.Title>
      <EditorFrame edit={edit} value={title} changedBy={changedBy} multiline={false} canSave={!!edit.draft.trim()}>
        <input
          className={styles.input}
          aria-label={uiMessages.issueTitleField}
          value={edit.draft}
          autoFocus
          onChange={(event) => edit.setDraft(event.target.value)}
          onKeyDown={edit.saveOnEnter}
        />
      </EditorFrame>
    </div>
  );
}
