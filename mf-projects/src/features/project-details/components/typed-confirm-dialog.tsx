import * as Dialog from '@radix-ui/react-dialog';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from './typed-confirm-dialog.module.css';

/**
 * A delete that can't be undone, confirmed by typing what goes: a project's key, a
 * board's name. A Radix dialog (focus trap, Escape, backdrop) whose confirm button is enabled
 * only once `phrase` is typed; while `onConfirm` runs it stays open and can't be closed, and a
 * failure is said in it. Closing forgets what was typed.
 */
export function TypedConfirmDialog({
  trigger,
  title,
  warning,
  phrase,
  typeLabel,
  confirmLabel,
  failed,
  failedDefault,
  autoCapitalize = 'off',
  onConfirm,
}: {
  /** The button that opens it (Radix's Trigger `asChild`). */
  trigger: ReactElement;
  title: string;
  /** What the delete removes: the dialog's description. */
  warning: string;
  /** What must be typed, exactly (surrounding spaces aside). */
  phrase: string;
  typeLabel: string;
  confirmLabel: string;
  failed: (reason: string) => string;
  failedDefault: string;
  autoCapitalize?: 'off' | 'characters';
  onConfirm: () => Promise<void>;
}) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === phrase.trim();

  const change = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setTyped('');
    setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    setProblem(undefined);
    setBusy(true);
    try {
      await onConfirm();
      // The owner may keep this mounted (a board's row goes, the page stays): close it then.
      setBusy(false);
      setOpen(false);
      setTyped('');
    } catch (error) {
      setProblem(failed(errorReason(error, failedDefault)));
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{warning}</Dialog.Description>
          {problem && <MessageBox tone="error">{problem}</MessageBox>}
          <form onSubmit={submit} noValidate>
            <label className={styles.label} htmlFor={inputId}>
              {typeLabel}
            </label>
            <input
              id={inputId}
              className={styles.input}
              value={typed}
              autoComplete="off"
              autoCapitalize={autoCapitalize}
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className={styles.actions}>
              <Dialog.Close asChild>
                <button type="button" className={styles.secondary} disabled={busy}>
                  {uiMessages.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className={styles.danger} disabled={!matches || busy}>
                {busy ? uiMessages.deleting : confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's look for a trigger that opens it (the red Delete Project button). */
export const typedConfirmTriggerClass = styles.danger;
