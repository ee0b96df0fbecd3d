import { emailPattern, type ProjectMemberDto } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';
import { MemberPicker } from './member-picker';

/**
 * Add Member by e-mail: checked for shape and for membership before the call. The field offers
 * the people matching what is typed; picking one fills in their e-mail, to add the same way.
 */
export function AddMemberForm({
  projectKey,
  members,
  onAdd,
}: {
  projectKey: string;
  members: ProjectMemberDto[];
  onAdd: (email: string) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [adding, setAdding] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    const wanted = email.trim();
    if (!emailPattern.test(wanted)) return setProblem(uiMessages.invalidEmail);
    if (members.some((member) => member.email.toLowerCase() === wanted.toLowerCase()))
      return setProblem(uiMessages.alreadyMember(wanted));
    setProblem(undefined);
    setAdding(true);
    try {
      await onAdd(wanted);
      setEmail('');
    } catch (error) {
      setProblem(uiMessages.addMemberFailed(errorReason(error, uiMessages.addMemberDefault)));
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="add-member-title">
      <h2 id="add-member-title" className={styles.sectionTitle}>
        Add Member
      </h2>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <label className={styles.visuallyHidden} htmlFor="add-member-email">
          Member Email
        </label>
        <MemberPicker
          id="add-member-email"
          projectKey={projectKey}
          members={members}
          placeholder="Enter member email"
          value={email}
          onChange={setEmail}
        />
        <button type="submit" className={styles.primaryButton} disabled={adding}>
          Add Member
        </button>
      </form>
    </section>
  );
}
