import type { ReactNode } from 'react';
import styles from './message-box.module.css';

/** error: red; notice: yellow; success: green. */
export type MessageTone = 'error' | 'notice' | 'success';

/** A message the user must see: announced (role alert for errors, status otherwise) and coloured by tone. */
export function MessageBox({ tone, children }: { tone: MessageTone; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.box} ${styles[tone]}`} data-tone={tone}>
      {children}
    </div>
  );
}
