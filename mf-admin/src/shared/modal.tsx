import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  title: string;
  /** The question or warning the modal asks about; announced with the title. */
  description?: ReactNode;
  /** While an action runs the modal stays open: Escape and the backdrop do nothing. */
  busy?: boolean;
  onClose(): void;
  children: ReactNode;
}

/** A Radix dialog (focus trap, Escape, backdrop) in this screen's look. */
export function Modal({ open, title, description, busy = false, onClose, children }: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export { styles as modalStyles };
