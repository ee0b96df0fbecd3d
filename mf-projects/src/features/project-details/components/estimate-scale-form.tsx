import { estimateScales, type EstimateScale } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/**
 * Estimates: how the project's issues are estimated (none, points, T-shirt sizes), for the lead
 * in edit mode. Switching keeps the estimates already given: sizes are stored as the points they
 * stand for, and None only hides them. Save stays disabled until another scale is chosen.
 */
export function EstimateScaleForm({
  scale,
  onSave,
}: {
  scale: EstimateScale;
  onSave: (estimateScale: EstimateScale) => Promise<void>;
}) {
  const [chosen, setChosen] = useState(scale);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === scale || saving) return;
    setOutcome(undefined);
    setSaving(true);
    try {
      await onSave(chosen);
      setOutcome({ tone: 'success', text: uiMessages.estimatesSaved });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: uiMessages.estimatesFailed(errorReason(error, uiMessages.updateProjectDefault)),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>
        <label htmlFor="estimate-scale-select">{uiMessages.estimatesTitle}</label>
      </h2>
      <p id="estimate-scale-hint" className={styles.muted}>
        {uiMessages.estimatesHint}
      </p>
      {outcome && <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox>}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <select
          id="estimate-scale-select"
          className={styles.input}
          aria-describedby="estimate-scale-hint"
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value as EstimateScale);
            setOutcome(undefined);
          }}
        >
          {estimateScales.map((value) => (
            <option key={value} value={value}>
              {uiMessages.estimateScales[value]}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.primaryButton} disabled={chosen === scale || saving}>
          {uiMessages.saveEstimates}
        </button>
      </form>
    </section>
  );
}
