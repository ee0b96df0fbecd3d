import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { downloadExport, type ExportFormat } from './transfer-api';
import { transferMessages as m } from './transfer-messages';
import styles from './transfer.module.css';

/** The project page's Export section: any member downloads JSON, JSON with the files (ZIP) or CSV. */
export function ProjectExport({ projectKey }: { projectKey: string }) {
  const [busy, setBusy] = useState<ExportFormat>();
  const [problem, setProblem] = useState<string>();

  const download = async (format: ExportFormat) => {
    setBusy(format);
    setProblem(undefined);
    try {
      await downloadExport(projectKey, format);
    } catch (error) {
      setProblem(m.exportFailed(errorReason(error, m.exportDefault)));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="project-export-title">
      <h2 id="project-export-title" className={styles.sectionTitle}>
        {m.exportTitle}
      </h2>
      <p className={styles.hint}>{m.exportHint}</p>
      <div className={styles.actions}>
        {(['json', 'zip', 'csv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className={styles.secondaryButton}
            disabled={busy !== undefined}
            onClick={() => void download(format)}
          >
            {busy === format ? m.exporting : m.exportAs[format]}
          </button>
        ))}
      </div>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
    </section>
  );
}
