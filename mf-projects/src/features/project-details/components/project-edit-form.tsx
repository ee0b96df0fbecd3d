import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import type { ProjectChanges } from '../../../projects-api';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/**
 * Name and description of a project in edit mode (spec §2.8, §5): only changed fields are
 * sent, a name may not be blank, and with no change Save stays disabled. Remounted with the
 * saved values after a save; unmounted by Cancel, which resets the fields.
 */
export function ProjectEditForm({
  name: savedName,
  description: savedDescription,
  onSave,
}: {
  name: string;
  description: string;
  onSave: (changes: ProjectChanges) => Promise<void>;
}) {
  const [name, setName] = useState(savedName);
  const [description, setDescription] = useState(savedDescription);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const changes: ProjectChanges = {};
  if (name.trim() !== savedName) changes.name = name.trim();
  if (description !== savedDescription) changes.description = description;
  const changed = Object.keys(changes).length > 0;
  const nameBlank = !name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || nameBlank || saving) return;
    setProblem(undefined);
    setSaving(true);
    try {
      await onSave(changes);
    } catch (error) {
      setProblem(uiMessages.updateFailed(errorReason(error, uiMessages.updateProjectDefault)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <div className={styles.field}>
        <label className={styles.label} htmlFor="edit-project-name">
          Project Name
        </label>
        <input
          id="edit-project-name"
          className={styles.input}
          value={name}
          required
          aria-invalid={nameBlank || undefined}
          aria-describedby={nameBlank ? 'edit-project-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameBlank && (
          <p id="edit-project-name-error" className={styles.fieldError}>
            {uiMessages.nameRequired}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="edit-project-description">
          Description
        </label>
        <textarea
          id="edit-project-description"
          className={styles.input}
          rows={4}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <button type="submit" className={styles.primaryButton} disabled={!changed || nameBlank || saving}>
        Save Description
      </button>
    </form>
  );
}
