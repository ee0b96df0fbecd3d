import type { ImportJobDto } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { addImportPeople } from './transfer-api';
import { transferMessages as m } from './transfer-messages';
import styles from './transfer.module.css';

/**
 * After an import: the people the file names who have an account here. The import added none
 * of them (a file may name anyone); the importer ticks who joins, and those get the issues the
 * file assigned them.
 */
export function ImportPeople({ job, onChange }: { job: ImportJobDto; onChange: (job: ImportJobDto) => void }) {
  const [chosen, setChosen] = useState(() => new Set(job.people.map((p) => p.email)));
  const [sending, setSending] = useState(false);
  const [added, setAdded] = useState(0);
  const [problem, setProblem] = useState<string>();

  const toggle = (email: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(email);
      else next.delete(email);
      return next;
    });

  const add = async () => {
    const emails = job.people.map((p) => p.email).filter((email) => chosen.has(email));
    setProblem(undefined);
    setSending(true);
    try {
      onChange(await addImportPeople(job.id, emails));
      setAdded((n) => n + emails.length);
    } catch (error) {
      setProblem(m.addPeopleFailed(errorReason(error, m.startDefault)));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {added > 0 && <MessageBox tone="success">{m.peopleAdded(added, job.projectKey)}</MessageBox>}
      {job.people.length > 0 && (
        <fieldset className={styles.people} disabled={sending}>
          <legend className={styles.label}>{m.peopleTitle}</legend>
          <p className={styles.hint}>{m.peopleHint(job.projectKey)}</p>
          {job.people.map((person) => (
            <label key={person.email} className={styles.checkboxField}>
              <input
                type="checkbox"
                checked={chosen.has(person.email)}
                onChange={(event) => toggle(person.email, event.target.checked)}
              />
              <span>
                {person.email}
                {person.issues > 0 && <span className={styles.hint}> · {m.assignedInFile(person.issues)}</span>}
              </span>
            </label>
          ))}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondaryButton}
              disabled={chosen.size === 0}
              onClick={() => void add()}
            >
              {m.addPeople(job.projectKey)}
            </button>
          </div>
        </fieldset>
      )}
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
    </>
  );
}
