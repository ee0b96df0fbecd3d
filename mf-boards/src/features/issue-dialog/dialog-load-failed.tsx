import { useEffect, useId, useRef } from 'react';
import { uiMessages } from '../../ui-messages';
import type { PartFailure } from '../../shared/lazy-part';
import styles from './loading-dialog.module.css';

/**
 * In the dialog's place when its code did not load (or failed while drawing): over the board,
 * which stays as it was, with Retry and Close. Code that did not arrive is also tried again by
 * itself once the connection is back (lazyPart), and the dialog then opens where this stood.
 */
export function DialogLoadFailed({ failure, onClose }: { failure: PartFailure; onClose: () => void }) {
  const titleId = useId();
  const detailId = useId();
  const retry = useRef<HTMLButtonElement>(null);
  // Where the dialog would have taken the focus: keyboard users land on the way forward.
  useEffect(() => retry.current?.focus(), []);
  return (
    <div className={styles.loading}>
      <section
        className={styles.failed}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={detailId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId} className={styles.failedTitle}>
          {uiMessages.issueLoadFailed}
        </h2>
        <p id={detailId} className={styles.failedDetail}>
          {failure.retrying ? uiMessages.partLoadsWhenBack : uiMessages.partFailedToDraw}
        </p>
        <div className={styles.failedActions}>
          <button ref={retry} type="button" className={styles.retry} onClick={failure.retry}>
            {uiMessages.retry}
          </button>
          <button type="button" className={styles.close} onClick={onClose}>
            {uiMessages.close}
          </button>
        </div>
      </section>
    </div>
  );
}
