import type { ImportSummaryDto } from '@trackboard/contracts';
import { transferMessages as m } from './transfer-messages';
import styles from './transfer.module.css';

/** After an import: how much of each kind came across, and what the file held that did not. */
export function ImportSummary({ summary }: { summary: ImportSummaryDto }) {
  return (
    <section className={styles.summary} aria-label={m.summaryTitle}>
      <p className={styles.hint}>{m.summaryCounts(summary)}</p>
      {summary.leftOut.length > 0 && (
        <>
          <h3 className={styles.label}>{m.leftOutTitle}</h3>
          <ul className={styles.leftOut}>
            {summary.leftOut.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
