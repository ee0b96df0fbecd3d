import { normalizeProjectKey } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../projects-page.module.css';

/** The create form of /projects: Project Name and Project Key, both required (spec §2.7, §5). */
export function CreateProjectForm({ onCreate }: { onCreate: (input: { name: string; key: string }) => Promise<void> }) {
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !key) return setProblem(uiMessages.nameAndKeyRequired);
    setProblem(undefined);
    setSubmitting(true);
    try {
      await onCreate({ name: name.trim(), key });
      setName('');
      setKey('');
    } catch (error) {
      setProblem(uiMessages.createFailed(errorReason(error, uiMessages.createProjectDefault)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.createCard} aria-labelledby="create-project-title">
      <h2 id="create-project-title" className={styles.sectionTitle}>
        Create New Project
      </h2>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <form className={styles.createForm} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="project-name">
            Project Name
          </label>
          <input
            id="project-name"
            className={styles.input}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="project-key">
            Project Key
          </label>
          {/* Spec §5: upper case, A–Z and 0–9 only, 10 at most, as the user types or pastes. */}
          <input
            id="project-key"
            className={`${styles.input} ${styles.keyInput}`}
            value={key}
            required
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setKey(normalizeProjectKey(event.target.value))}
          />
        </div>
        <button type="submit" className={styles.primaryButton} disabled={submitting}>
          {submitting ? 'Creating...' : 'Create Project'}
        </button>
      </form>
    </section>
  );
}
