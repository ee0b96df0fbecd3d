import type { ImportSummaryDto } from '@trackboard/contracts';
import { transferMessages as m } from './transfer-messages';
import styles from './transfer.module.css';

/** A titled list of lines from the server (what was left out, warnings, problems), with how many it did not list. */
export function ImportLines({
  title,
  lines,
  total = lines.length,
}: {
  title: string;
  lines: string[];
  total?: number;
}) {
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className={styles.label}>{title}</h3>
      <ul className={styles.lines}>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {total > lines.length && <p className={styles.hint}>{m.moreNotListed(total - lines.length)}</p>}
    </>
  );
}

/** After an import: how much of each kind came across, and what the file held that did not. */
export function ImportSummary({ summary }: { summary: ImportSummaryDto }) {
  return (
    <section className={styles.summary} aria-label={m.summaryTitle}>
      <p className={styles.hint}>{m.summaryCounts(summary)}</p>
      <ImportLines title={m.leftOutTitle} lines={summary.leftOut} />
      <ImportLines title={m.warningsTitle} lines={summary.warnings} total={summary.warningCount} />
    </section>
  );
}
