import { useId, useRef, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { EditActions, type ClickToEdit } from './click-to-edit';
import { ConflictView } from './edit-conflict';
import styles from './edit-conflict.module.css';
import dialog from './issue-dialog.module.css';

interface EditorFrameProps {
  edit: ClickToEdit;
  /** The field as it is now. */
  value: string;
  /** Who changed the field while it was being edited (the board room said), when known. */
  changedBy?: string;
  multiline: boolean;
  monospace?: boolean;
  canSave?: boolean;
  /** The text box (or the conflict view in its place). */
  children: ReactNode;
}

/**
 * Around every click-to-edit editor of the dialog: the live "… changed this while you were
 * editing", a kept draft brought back, the conflict view after a refused save, and Escape, which
 * leaves the editor rather than the dialog (the dialog lets Escape through inside
 * `[data-editor]`) and asks "Discard your changes?" when there is something to lose.
 */
export function EditorFrame({ edit, value, changedBy, multiline, monospace, canSave, children }: EditorFrameProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const backToText = () => {
    edit.keepEditing();
    requestAnimationFrame(() => frame.current?.querySelector<HTMLElement>('textarea, input')?.focus());
  };

  return (
    <div
      ref={frame}
      data-editor=""
      onKeyDown={(event) => {
        // A picker inside (the `@` mention list) closes first. (The dialog has already called
        // preventDefault on this Escape to stay open, so that cannot tell.)
        if (event.key !== 'Escape') return;
        if (event.target instanceof Element && event.target.closest('[data-mention-open]')) return;
        if (edit.asking) backToText();
        else edit.leave();
      }}
    >
      {/* Always there, so the change is announced as it arrives. */}
      <p role="status" className={styles.notice}>
        {edit.changedSince ? uiMessages.changedWhileEditing(changedBy ?? uiMessages.someone) : ''}
      </p>
      {edit.restored && !edit.conflicted ? (
        <div className={styles.draftNote}>
          <span>{uiMessages.draftRestored}</span>
          <button type="button" className={dialog.button} onClick={edit.discardDraft}>
            {uiMessages.discardDraft}
          </button>
        </div>
      ) : null}
      {edit.conflicted ? (
        <ConflictView
          theirs={value}
          yours={edit.draft}
          began={edit.basis.value}
          multiline={multiline}
          monospace={monospace}
          saving={edit.saving}
          onKeepMine={() => void edit.keepMine()}
          onTakeTheirs={edit.takeTheirs}
          onSaveMerge={(text) => void edit.saveMerge(text)}
        />
      ) : (
        children
      )}
      {edit.asking ? (
        <DiscardQuestion onDiscard={edit.cancel} onKeepEditing={backToText} />
      ) : edit.conflicted ? null : (
        <EditActions saving={edit.saving} canSave={canSave} onCancel={edit.cancel} onSave={() => void edit.save()} />
      )}
    </div>
  );
}

/** Asked in place of the editor's buttons (the app has no confirm dialog of its own, and window.confirm is unstyled). */
function DiscardQuestion({ onDiscard, onKeepEditing }: { onDiscard(): void; onKeepEditing(): void }) {
  const questionId = useId();
  return (
    <div role="group" aria-labelledby={questionId} className={styles.question}>
      <p id={questionId} className={styles.questionText}>
        {uiMessages.confirmDiscard}
      </p>
      <div className={dialog.editActions}>
        <button type="button" className={dialog.button} onClick={onKeepEditing} autoFocus>
          {uiMessages.keepEditing}
        </button>
        <button type="button" className={dialog.danger} onClick={onDiscard}>
          {uiMessages.discard}
        </button>
      </div>
    </div>
  );
}
