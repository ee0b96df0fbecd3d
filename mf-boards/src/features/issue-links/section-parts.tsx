import type { ReactNode } from 'react';
import { linkTexts } from './link-texts';
import styles from './issue-links.module.css';

/** A links section's heading (with a count when there is one), and its Add button unless read-only or already adding. */
export function SectionHeader({
  id,
  title,
  count = 0,
  addLabel,
  onAdd,
}: {
  id: string;
  title: string;
  count?: number;
  /** Null: no Add button (read-only, or its form is open). */
  addLabel: string | null;
  onAdd(): void;
}) {
  return (
    <div className={styles.header}>
      <h3 id={id} className={styles.heading}>
        {title}
        {count > 0 ? <span className={styles.count}>{count}</span> : null}
      </h3>
      {addLabel ? (
        <button type="button" className={styles.button} onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
    </div>
  );
}

/** What a list says before its answer arrives: that it is loading, or that it could not be loaded, with Retry. */
export function ListPending({
  failed,
  failedText,
  loadingText,
  onRetry,
}: {
  failed: boolean;
  failedText: string;
  loadingText: string;
  onRetry(): void;
}): ReactNode {
  return failed ? (
    <p className={styles.muted}>
      {failedText}{' '}
      <button type="button" className={styles.linkButton} onClick={onRetry}>
        {linkTexts.retry}
      </button>
    </p>
  ) : (
    <p className={styles.muted} role="status">
      {loadingText}
    </p>
  );
}
