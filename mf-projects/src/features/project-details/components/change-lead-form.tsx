import type { ProjectMemberDto, UserRef } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import styles from '../project-details-page.module.css';

/**
 * Change Project Lead: a member other than the current lead, confirmed
 * because the current lead loses editing rights. `onChanged` runs once the server agreed.
 */
export function ChangeLeadForm({
  lead,
  members,
  onChangeLead,
  onChanged,
}: {
  lead: UserRef;
  members: ProjectMemberDto[];
  onChangeLead: (leadId: string) => Promise<void>;
  onChanged: () => void;
}) {
  const [selectedId, setSelectedId] = useState(lead.id);
  const [problem, setProblem] = useState<string>();
  const [changing, setChanging] = useState(false);
  const [confirmDialog, confirm] = useConfirm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changing) return;
    const newLead = members.find((member) => member.id === selectedId);
    if (!selectedId || selectedId === lead.id) return setProblem(uiMessages.sameLead);
    if (!newLead) return setProblem(uiMessages.leadMustBeMember);
    setProblem(undefined);
    const sure = await confirm({
      title: uiMessages.newLeadTitle,
      message: uiMessages.confirmNewLead(newLead.name),
      confirmLabel: uiMessages.confirmNewLeadButton,
    });
    if (!sure) return;
    setChanging(true);
    try {
      await onChangeLead(newLead.id);
      onChanged();
    } catch (error) {
      setProblem(uiMessages.changeLeadFailed(errorReason(error, uiMessages.updateProjectDefault)));
      setChanging(false);
    }
  };

  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>
        <label htmlFor="change-lead-select">{uiMessages.changeLeadTitle}</label>
      </h2>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      {confirmDialog}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <select
          id="change-lead-select"
          className={`${styles.input} ${styles.leadSelect}`}
          value={selectedId}
          onChange={(event) => setSelectedId(event.target.value)}
        >
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} ({member.email}){member.id === lead.id ? ` ${uiMessages.currentLead}` : ''}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.primaryButton} disabled={changing}>
          {uiMessages.confirmNewLeadSubmit}
        </button>
      </form>
    </section>
  );
}
