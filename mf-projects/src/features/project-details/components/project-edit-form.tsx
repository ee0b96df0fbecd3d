import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH } from '@trackboard/contracts';
import {
  errorReason,
  Field,
  fieldErrorOf,
  fieldRule,
  lengthError,
  MessageBox,
  type FieldError,
  type FieldRules,
} from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import type { ProjectChanges } from '../../../projects-api';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/** The fields as the server names them in a 400 ("name: is too long"), with its limits. */
const rules = {
  name: fieldRule(() => uiMessages.projectNameField, { max: PROJECT_NAME_MAX_LENGTH }),
  description: fieldRule(() => uiMessages.descriptionField, { max: PROJECT_DESCRIPTION_MAX_LENGTH }),
} satisfies FieldRules;

/**
 * Name and description of a project in edit mode: only changed fields are
 * sent, a name may not be blank, and with no change Save stays disabled. Remounted with the
 * saved values after a save; unmounted by Cancel, which resets the fields. Over the server's
 * limits, or refused by it, the field says why.
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
  const [refused, setRefused] = useState<FieldError>();
  const [saving, setSaving] = useState(false);

  const changes: ProjectChanges = {};
  if (name.trim() !== savedName) changes.name = name.trim();
  if (description !== savedDescription) changes.description = description;
  const changed = Object.keys(changes).length > 0;
  const nameBlank = !name.trim();
  const refusedText = (field: string) => (refused?.field === field ? refused.text : undefined);
  const nameError = (nameBlank ? uiMessages.nameRequired : lengthError(name, rules.name)) ?? refusedText('name');
  // The description is sent as typed (not trimmed), so every character counts.
  const descriptionError = lengthError(description, rules.description, { trim: false }) ?? refusedText('description');
  const overLimit = Boolean(
    lengthError(name, rules.name) || lengthError(description, rules.description, { trim: false }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || nameBlank || overLimit || saving) return;
    setProblem(undefined);
    setRefused(undefined);
    setSaving(true);
    try {
      await onSave(changes);
    } catch (error) {
      // A refused field is said at the field; anything else (not the lead, offline) above the form.
      const atField = fieldErrorOf(error, rules);
      if (atField) setRefused(atField);
      else setProblem(uiMessages.updateFailed(errorReason(error, uiMessages.updateProjectDefault)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <Field id="edit-project-name" label={uiMessages.projectNameLabel} error={nameError}>
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={name}
            required
            onChange={(event) => {
              setName(event.target.value);
              if (refused?.field === 'name') setRefused(undefined);
            }}
          />
        )}
      </Field>
      <Field id="edit-project-description" label={uiMessages.descriptionField} error={descriptionError}>
        {(control) => (
          <textarea
            {...control}
            className={styles.input}
            rows={4}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              if (refused?.field === 'description') setRefused(undefined);
            }}
          />
        )}
      </Field>
      <button type="submit" className={styles.primaryButton} disabled={!changed || nameBlank || overLimit || saving}>
        {uiMessages.saveDescription}
      </button>
    </form>
  );
}
