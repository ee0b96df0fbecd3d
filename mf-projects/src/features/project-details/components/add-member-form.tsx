import { emailPattern, memberRoles, type MemberRole, type ProjectMemberDto } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';
import { MemberPicker } from './member-picker';

/**
 * Add Member by e-mail: checked for shape and for membership before the call. The field offers
 * the people matching what is typed; picking one fills in their e-mail, to add the same way. A
 * new member is a member unless the lead picks Viewer.
 */
export function AddMemberForm({
  projectKey,
  members,
  onAdd,
}: {
  projectKey: string;
  members: ProjectMemberDto[];
  onAdd: (email: string, role: MemberRole) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
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
      await onAdd(wanted, role);
      setEmail('');
      setRole('member');
    } catch (error) {
      setProblem(uiMessages.addMemberFailed(errorReason(error, uiMessages.addMemberDefault)));
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="add-member-title">
      <h2 id="add-member-title" className={styles.sectionTitle}>
        {uiMessages.addMemberTitle}
      </h2>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <label className={styles.visuallyHidden} htmlFor="add-member-email">
          {uiMessages.memberEmailLabel}
        </label>
        <MemberPicker
          id="add-member-email"
          projectKey={projectKey}
          members={members}
          placeholder={uiMessages.memberEmailPlaceholder}
          value={email}
          onChange={setEmail}
        />
        <select
          className={`${styles.input} ${styles.roleSelect}`}
          aria-label={uiMessages.newMemberRole}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
        >
          {memberRoles.map((value) => (
            <option key={value} value={value}>
              {uiMessages.roles[value]}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.primaryButton} disabled={adding}>
          {uiMessages.addMemberTitle}
        </button>
      </form>
    </section>
  );
}
