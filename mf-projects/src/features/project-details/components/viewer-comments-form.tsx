import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/**
 * Whether the project's viewers may comment, for the lead in edit mode: saved as soon as it is
 * ticked or unticked (the box shows the server's answer once it comes).
 */
export function ViewerCommentsForm({
  allowed,
  onSave,
}: {
  allowed: boolean;
  onSave: (viewersMayComment: boolean) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (viewersMayComment: boolean) => {
    setProblem(undefined);
    setSaving(true);
    try {
      await onSave(viewersMayComment);
    } catch (error) {
      setProblem(uiMessages.viewersSaveFailed(errorReason(error, uiMessages.updateProjectDefault)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="viewers-title">
      <h2 id="viewers-title" className={styles.sectionTitle}>
        {uiMessages.viewersTitle}
      </h2>
      <p id="viewers-hint" className={styles.muted}>
        {uiMessages.viewersHint}
      </p>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <label className={styles.checkboxLabel}>
        <input
          type="checkbox"
          checked={allowed}
          disabled={saving}
          aria-describedby="viewers-hint"
          onChange={(event) => void save(event.target.checked)}
        />{' '}
        {uiMessages.viewersMayComment}
      </label>
    </section>
  );
}
