import * as Dialog from '@radix-ui/react-dialog';
import { SAVED_VIEW_NAME_MAX_LENGTH, savedViewsKey, type SavedViewDto } from '@trackboard/contracts';
import { api, errorReason, Field, MessageBox, showToast, useSession } from '@trackboard/web-kit';
import { useId, useState, type FormEvent } from 'react';
import { mutate } from 'swr';
import { boardText, uiMessages } from '../../ui-messages';
import styles from './save-view-dialog.module.css';

/** The dialog's words, read from the board's catalogue as they are shown. */
const texts = {
  get title() {
    return uiMessages.saveView;
  },
  get description() {
    return boardText('saveViewDescription');
  },
  get name() {
    return boardText('saveViewName');
  },
  get nameHint() {
    return boardText('saveViewNameHint');
  },
  get nameMissing() {
    return boardText('saveViewNameMissing');
  },
  get shared() {
    return boardText('saveViewShared');
  },
  get cancel() {
    return uiMessages.cancel;
  },
  get save() {
    return uiMessages.save;
  },
  saved: (name: string) => boardText('saveViewSaved', { name }),
  get failed() {
    return boardText('saveViewFailed');
  },
};

export interface SaveViewDialogProps {
  boardId: string;
  projectKey: string;
  /** The board's address query as it is now (filters, view, sort, grouping). */
  query: string;
  onClose(): void;
}

/**
 * Names the board's address and saves it, personal or shared; the views listed in the sidebar
 * and the palette (one swr cache for the shell and the remotes) are asked for again.
 */
export function SaveViewDialog({ boardId, projectKey, query, onClose }: SaveViewDialogProps) {
  const id = useId();
  const userId = useSession((state) => state.user?.id ?? null);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setProblem(texts.nameMissing);
    setBusy(true);
    setProblem(undefined);
    try {
      const view = await api.post<SavedViewDto>(`/projects/${encodeURIComponent(projectKey)}/views`, {
        name: name.trim(),
        boardId,
        query,
        shared,
      });
      void mutate(savedViewsKey(userId));
      showToast({ text: texts.saved(view.name) });
      onClose();
    } catch (error) {
      setProblem(errorReason(error, texts.failed));
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{texts.title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{texts.description}</Dialog.Description>
          {problem ? <MessageBox tone="error">{problem}</MessageBox> : null}
          <form onSubmit={submit} noValidate>
            <Field id={`${id}-name`} label={texts.name} hint={texts.nameHint}>
              {(control) => (
                <input
                  {...control}
                  className={styles.input}
                  value={name}
                  maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
                  autoComplete="off"
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </Field>
            <label className={styles.check}>
              <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
              {texts.shared}
            </label>
            <div className={styles.actions}>
              <button type="button" className={styles.cancel} onClick={onClose} disabled={busy}>
                {texts.cancel}
              </button>
              <button type="submit" className={styles.save} disabled={busy}>
                {texts.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
