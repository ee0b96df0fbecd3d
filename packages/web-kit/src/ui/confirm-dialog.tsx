import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useRef, useState, type ReactNode } from 'react';
// Through the package, not a path: this entry is bundled into each app that imports it, and
// only the package's shared copy knows the page's language.
import { kitText } from '@trackboard/web-kit';
import styles from './confirm-dialog.module.css';

// The app's "are you sure?", in place of the browser's confirm(): styled like every other
// dialog, readable in every theme, focus kept inside it (Radix) and given back when it closes.
// Imported as `@trackboard/web-kit/confirm-dialog`, not through the package's index: an app
// that asks nothing never loads Radix's dialog for it.

export type ConfirmQuestion = {
  title: string;
  /** What happens if the user goes on; the dialog's description. */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
};

type Asked = ConfirmQuestion & { answer: (yes: boolean) => void };

/**
 * `[dialog, confirm]`: render `dialog` once; `await confirm(question)` is true when the user
 * confirms, false when they cancel, press Escape or click outside. Cancel has the focus first,
 * so Enter alone never destroys anything.
 */
export function useConfirm(): [ReactNode, (question: ConfirmQuestion) => Promise<boolean>] {
  const [asked, setAsked] = useState<Asked | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = useCallback(
    (question: ConfirmQuestion) => new Promise<boolean>((resolve) => setAsked({ ...question, answer: resolve })),
    [],
  );
  const settle = (yes: boolean) => {
    asked?.answer(yes);
    setAsked(null);
  };

  const dialog = (
    <Dialog.Root open={asked !== null} onOpenChange={(open) => !open && settle(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancelRef.current?.focus();
          }}
        >
          <Dialog.Title className={styles.title}>{asked?.title}</Dialog.Title>
          <Dialog.Description className={styles.message}>{asked?.message}</Dialog.Description>
          <div className={styles.actions}>
            <button ref={cancelRef} type="button" className={styles.cancel} onClick={() => settle(false)}>
              {asked?.cancelLabel ?? kitText('cancel')}
            </button>
            <button
              type="button"
              className={asked?.danger ? styles.danger : styles.confirm}
              onClick={() => settle(true)}
            >
              {asked?.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
  return [dialog, confirm];
}
