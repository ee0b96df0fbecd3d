import type { ProjectMemberDto } from '@trackboard/contracts';
import { removalControl } from '../member-removal';
import styles from '../project-details-page.module.css';

/** Team members, each with the one removal button the viewer may use on it (member-removal.ts). */
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
        const control = removalControl({
          editing,
          viewerIsLead,
          viewerIsAdmin,
          memberIsLead: isLead,
          memberIsViewer: member.id === currentUserId,
        });
        return (
          <li key={member.id} className={styles.member} aria-label={member.name}>
            <span className={styles.memberName}>
              {member.name}
              {isLead && <span className={styles.leadTag}>Lead</span>}
            </span>
            <span className={styles.memberEmail}>{member.email}</span>
            {control && (
              <span className={styles.memberActions}>
                <button
                  type="button"
                  className={styles.dangerButton}
                  disabled={busyId !== undefined}
                  onClick={() => onRemove(member)}
                >
                  {control}
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
