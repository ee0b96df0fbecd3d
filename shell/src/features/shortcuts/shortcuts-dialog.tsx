import * as Dialog from '@radix-ui/react-dialog';
import { Fragment } from 'react';
import { uiMessages } from '../../ui-messages';
import { shortcutList, type ShortcutEntry } from './shortcut-list';
import styles from './shortcuts.module.css';

/** `?`: every shortcut in words. Radix keeps the focus inside and Escape closes it. */
export default function ShortcutsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where the focus goes on closing (Radix's own choice is a Dialog.Trigger, and keys open this). */
  onCloseAutoFocus(event: Event): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{uiMessages.keyboardShortcuts}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={uiMessages.close}>
              ×
            </Dialog.Close>
          </header>
          <dl className={styles.list}>
            {shortcutList().map((entry) => (
              <div key={entry.description} className={styles.row}>
                <dt className={styles.keys}>
                  <Keys entry={entry} />
                </dt>
                <dd className={styles.description}>{entry.description}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.note}>{uiMessages.singleKeysNote}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Keys({ entry }: { entry: ShortcutEntry }) {
  const joiner = entry.sequence ? ` ${uiMessages.then} ` : ' + ';
  const combo = (keys: string[]) =>
    keys.map((key, index) => (
      <Fragment key={key + index}>
        {index > 0 ? <span className={styles.joiner}>{joiner}</span> : null}
        <kbd className={styles.kbd}>{key}</kbd>
      </Fragment>
    ));
  return (
    <>
      {combo(entry.keys)}
      {entry.or ? (
        <>
          <span className={styles.joiner}>{` ${uiMessages.or} `}</span>
          {combo(entry.or)}
        </>
      ) : null}
    </>
  );
}
