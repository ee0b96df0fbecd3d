import type { ProjectMemberDto } from '@trackboard/contracts';
import styles from '../project-details-page.module.css';

/**
 * Team members with their removal controls (spec §2.8, §6). Both controls are for edit
 * mode only and never for the lead: the lead's "Remove" for anyone but the lead and
 * themself, and "Remove (Admin)" for any non-lead member when the viewer is an admin (role
 * or flag, as the server counts them).
 */
export function MemberList({
  members,
  leadId,
  currentUserId,
  editing,
  viewerIsLead,
  viewerIsAdmin,
  busyId,
  onRemove,
}: {
  members: ProjectMemberDto[];
  leadId: string;
  currentUserId: string | undefined;
  editing: boolean;
  viewerIsLead: boolean;
  viewerIsAdmin: boolean;
  busyId: string | undefined;
  onRemove: (member: ProjectMemberDto) => void;
}) {
  return (
    <ul className={styles.members}>
      {members.map((member) => {
        const isLead = member.id === leadId;
        const leadMayRemove = editing && viewerIsLead && !isLead && member.id !== currentUserId;
        const adminMayRemove = editing && viewerIsAdmin && !isLead;
        return (
          <li key={member.id} className={styles.member} aria-label={member.name}>
            <span className={styles.memberName}>
              {member.name}
              {isLead && <span className={styles.leadTag}>Lead</span>}
            </span>
            <span className={styles.memberEmail}>{member.email}</span>
            {(leadMayRemove || adminMayRemove) && (
              <span className={styles.memberActions}>
                {leadMayRemove && (
                  <button
                    type="button"
                    className={styles.dangerButton}
                    disabled={busyId !== undefined}
                    onClick={() => onRemove(member)}
                  >
                    Remove
                  </button>
                )}
                {adminMayRemove && (
                  <button
                    type="button"
                    className={styles.dangerButton}
                    disabled={busyId !== undefined}
                    onClick={() => onRemove(member)}
                  >
                    Remove (Admin)
                  </button>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
