import {
  normalizeProjectKey,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_KEY_MAX,
  PROJECT_NAME_MAX_LENGTH,
} from '@trackboard/contracts';
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
import type { NewProject } from '../../../projects-api';
import { uiMessages } from '../../../ui-messages';
import styles from '../projects-page.module.css';

/** The fields as the server names them in a 400 ("name: is too long"), with its limits (labels read when used). */
const rules = {
  name: fieldRule(() => uiMessages.projectNameField, { max: PROJECT_NAME_MAX_LENGTH }),
  key: fieldRule(() => uiMessages.projectKeyField, { max: PROJECT_KEY_MAX }),
  description: fieldRule(() => uiMessages.descriptionField, { max: PROJECT_DESCRIPTION_MAX_LENGTH }),
} satisfies FieldRules;

/** The create form of /projects: Project Name and Project Key, both required, and an optional description. */
export function CreateProjectForm({ onCreate }: { onCreate: (input: NewProject) => Promise<void> }) {
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  /** What normalizing the last typed key left out ("-" of "mob-1"), or '' when nothing. */
  const [leftOut, setLeftOut] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string>();
  const [refused, setRefused] = useState<FieldError>();
  const [submitting, setSubmitting] = useState(false);

  // The key cannot go over its limit (normalizeProjectKey cuts it); the name says so as it is typed.
  const nameError = lengthError(name, rules.name) ?? (refused?.field === 'name' ? refused.text : undefined);
  const keyError = refused?.field === 'key' ? refused.text : undefined;
  // Sent as typed (not trimmed) when there is any, as the edit form does: every character counts.
  const descriptionError =
    lengthError(description, rules.description, { trim: false }) ??
    (refused?.field === 'description' ? refused.text : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !key) return setProblem(uiMessages.nameAndKeyRequired);
    setProblem(undefined);
    if (lengthError(name, rules.name) || lengthError(description, rules.description, { trim: false })) return;
    setRefused(undefined);
    setSubmitting(true);
    try {
      await onCreate({ name: name.trim(), key, ...(description.trim() && { description }) });
      setName('');
      setKey('');
      setLeftOut('');
      setDescription('');
    } catch (error) {
      // A refused field is said at the field; anything else (key taken, offline) above the form.
      const atField = fieldErrorOf(error, rules);
      if (atField) setRefused(atField);
      else setProblem(uiMessages.createFailed(errorReason(error, uiMessages.createProjectDefault)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.createCard} aria-labelledby="create-project-title">
      <h2 id="create-project-title" className={styles.sectionTitle}>
        {uiMessages.createProjectTitle}
      </h2>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <form className={styles.createForm} onSubmit={submit} noValidate>
        <Field id="project-name" label={uiMessages.projectNameLabel} error={nameError} className={styles.field}>
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
        <Field
          id="project-key"
          label={uiMessages.projectKeyLabel}
          hint={
            leftOut
              ? uiMessages.projectKeyCleaned(leftOut, PROJECT_KEY_MAX)
              : uiMessages.projectKeyHint(PROJECT_KEY_MAX)
          }
          liveHint
          error={keyError}
          className={styles.field}
        >
          {(control) => (
            // Spec §5: upper case, A–Z and 0–9 only, 10 at most, as the user types or pastes.
            <input
              {...control}
              className={`${styles.input} ${styles.keyInput}`}
              value={key}
              required
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => {
                const typed = event.target.value;
                setKey(normalizeProjectKey(typed));
                setLeftOut([...new Set(typed.replace(/[A-Za-z0-9\s]/g, ''))].join(''));
                if (refused?.field === 'key') setRefused(undefined);
              }}
            />
          )}
        </Field>
        <Field
          id="project-description"
          label={uiMessages.createDescriptionLabel}
          error={descriptionError}
          className={`${styles.field} ${styles.descriptionField}`}
        >
          {(control) => (
            <textarea
              {...control}
              className={`${styles.input} ${styles.textarea}`}
              value={description}
              rows={2}
              onChange={(event) => {
                setDescription(event.target.value);
                if (refused?.field === 'description') setRefused(undefined);
              }}
            />
          )}
        </Field>
        <button type="submit" className={styles.primaryButton} disabled={submitting}>
          {submitting ? uiMessages.creating : uiMessages.createProject}
        </button>
      </form>
    </section>
  );
}
