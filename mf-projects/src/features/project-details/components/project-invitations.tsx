import { INVITATION_DAYS, type ProjectMemberDto } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { uiMessages } from '../../../ui-messages';
import { useProjectInvitations } from '../invitations-api';
import pageStyles from '../project-details-page.module.css';
import type { Outcome } from './invitation-outcome';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import styles from './project-invitations.module.css';

/**
 * Invite people, for the project's lead or an admin: an e-mail address to send a link to
 * join, and the invitations still pending, each to send again or withdraw.
 */
export function ProjectInvitations({ projectKey, members }: { projectKey: string; members: ProjectMemberDto[] }) {
  const { invite, ...pending } = useProjectInvitations(projectKey);
  const [outcome, setOutcome] = useState<Outcome>();

  return (
    <section className={pageStyles.card} aria-labelledby="project-invitations-title">
      <h2 id="project-invitations-title" className={pageStyles.sectionTitle}>
        {uiMessages.inviteTitle}
      </h2>
      <p className={`${styles.intro} ${pageStyles.muted}`}>{uiMessages.inviteIntro(INVITATION_DAYS)}</p>
      <InviteForm members={members} onInvite={invite} onOutcome={setOutcome} />
      {/* Between the form and the list: what was sent, resent or withdrawn, or why not. */}
      {outcome && (
        <div className={styles.outcome}>
          <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox>
        </div>
      )}
      <PendingInvitations {...pending} onOutcome={setOutcome} />
    </section>
  );
}
