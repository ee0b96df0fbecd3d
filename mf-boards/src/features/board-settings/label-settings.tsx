import { useId, useRef, useState } from 'react';
import { useBoardStore } from '../../shared/board-store';
import { labelMessages } from './label-messages';
import { LabelRow } from './label-row';
import { useLabelUsage } from './use-label-usage';
import styles from './board-settings.module.css';

/** A notice for the polite live region; `seq` makes the same words twice in a row be said twice. */
interface Notice {
  text: string;
  seq: number;
}

/**
 * The board's labels, by name, each with how many issues carry it; the lead or an admin renames,
 * recolours or deletes one in its row. What was done is said politely; after a delete the focus
 * goes to the next label's row (or the one before, or the heading once none is left).
 */
export function LabelSettings({ boardId, readOnly }: { boardId: string; readOnly: boolean }) {
  const labels = useBoardStore((s) => s.labels);
  const usage = useLabelUsage(boardId);
  const headingId = useId();
  const listRef = useRef<HTMLUListElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = (text: string) => setNotice((last) => ({ text, seq: (last?.seq ?? 0) + 1 }));

  const afterDelete = (labelId: string) => {
    const at = labels.findIndex((label) => label.id === labelId);
    const next = labels.filter((label) => label.id !== labelId)[Math.min(at, labels.length - 2)];
    const target = next && listRef.current?.querySelector<HTMLElement>(`[data-label-id="${next.id}"] button`);
    (target ?? headingRef.current)?.focus();
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} className={styles.sectionTitle} tabIndex={-1}>
        {labelMessages.labelsHeading}
      </h2>
      <p className={styles.hint}>{labelMessages.labelsHint}</p>
      {labels.length === 0 ? (
        <p className={styles.empty}>{labelMessages.noLabels}</p>
      ) : (
        <ul ref={listRef} className={styles.labelList}>
          {labels.map((label) => (
            <LabelRow
              key={label.id}
              label={label}
              issueCount={usage?.get(label.id)}
              readOnly={readOnly}
              onDone={say}
              onDeleted={afterDelete}
            />
          ))}
        </ul>
      )}
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="label-announcer">
        {notice ? <span key={notice.seq}>{notice.text}</span> : null}
      </div>
    </section>
  );
}
