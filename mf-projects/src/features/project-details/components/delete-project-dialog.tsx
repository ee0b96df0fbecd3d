import * as Dialog from '@radix-ui/react-dialog';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from './delete-project-dialog.module.css';

/**
 * Delete Project (issue 15): a Radix dialog (focus trap, Escape, backdrop) that asks for the
 * project's key, typed, before the delete can be confirmed; while the delete runs it stays open.
 * What a delete removes is said in the dialog, since it cannot be undone.
 */
export function DeleteProjectDialog({
  project,
  onDelete,
}: {
  project: { key: string; name: string };
  onDelete: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const matches = typed.trim() === project.key;

  const change = (next: boolean) => {
    if (deleting) return;
    setOpen(next);
    setTyped('');
    setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || deleting) return;
    setProblem(undefined);
    setDeleting(true);
    try {
      await onDelete();
    } catch (error) {
      setProblem(uiMessages.deleteProjectFailed(errorReason(error, uiMessages.deleteProjectDefault)));
      setDeleting(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.danger}>
          {uiMessages.deleteProject}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{uiMessages.deleteProjectTitle(project.name)}</Dialog.Title>
          <Dialog.Description className={styles.description}>{uiMessages.deleteProjectWarning}</Dialog.Description>
          {problem && <MessageBox tone="error">{problem}</MessageBox>}
          <form onSubmit={submit} noValidate>
            <label className={styles.label} htmlFor="delete-project-key">
              {uiMessages.deleteProjectTypeKey(project.key)}
            </label>
            <input
              id="delete-project-key"
              className={styles.input}
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className={styles.actions}>
              <Dialog.Close asChild>
                <button type="button" className={styles.secondary} disabled={deleting}>
                  {uiMessages.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className={styles.danger} disabled={!matches || deleting}>
                {deleting ? uiMessages.deletingProject : uiMessages.deleteProjectConfirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
