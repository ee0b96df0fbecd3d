import { memberRoles, type MemberRole, type ProjectMemberDto } from '@trackboard/contracts';
import { uiMessages } from '../../../ui-messages';
import { removalControl, type RemovalControl } from '../member-removal';
import styles from '../project-details-page.module.css';

/** The removal buttons' words: the rule names them in English (member-removal.ts). */
const removalLabels = {
  Remove: 'removeMemberButton',
  'Remove (Admin)': 'removeMemberAdmin',
} as const satisfies Record<RemovalControl, keyof typeof uiMessages>;

/**
 * Team members, each with its role and the one removal button the caller may use on it
 * (member-removal.ts). In edit mode the lead sets each member's role (member or viewer); the
 * lead's own changes only with the lead.
 */
export function MemberList({
  members,
  currentUserId,
  editing,
  callerIsLead,
  callerIsAdmin,
  busyId,
  onRemove,
  onChangeRole,
}: {
  members: ProjectMemberDto[];
  currentUserId: string | undefined;
  editing: boolean;
  callerIsLead: boolean;
  callerIsAdmin: boolean;
  busyId: string | undefined;
  onRemove: (member: ProjectMemberDto) => void;
  onChangeRole: (member: ProjectMemberDto, role: MemberRole) => void;
}) {
  return (
    <ul className={styles.members}>
      {members.map((member) => {
        // The lead's role is 'lead', and only the lead's: it changes by Change Lead, not here.
        const isLead = member.role === 'lead';
        const control = removalControl({
          editing,
          callerIsLead,
          callerIsAdmin,
          memberIsLead: isLead,
          memberIsSelf: member.id === currentUserId,
        });
        const settable = editing && !isLead;
        return (
          <li key={member.id} className={styles.member} aria-label={member.name}>
            <span className={styles.memberName}>
              {member.name}
              {isLead && <span className={styles.leadTag}>{uiMessages.leadTag}</span>}
              {!settable && member.role === 'viewer' && (
                <span className={styles.roleTag}>{uiMessages.roles.viewer}</span>
              )}
            </span>
            <span className={styles.memberEmail}>{member.email}</span>
            {(settable || control) && (
              <span className={styles.memberActions}>
                {settable && (
                  <select
                    className={styles.input}
                    aria-label={uiMessages.roleOf(member.name)}
                    value={member.role}
                    disabled={busyId !== undefined}
                    onChange={(event) => onChangeRole(member, event.target.value as MemberRole)}
                  >
                    {memberRoles.map((role) => (
                      <option key={role} value={role}>
                        {uiMessages.roles[role]}
                      </option>
                    ))}
                  </select>
                )}
                {control && (
                  <button
                    type="button"
                    className={styles.dangerButton}
                    disabled={busyId !== undefined}
                    onClick={() => onRemove(member)}
                  >
                    {uiMessages[removalLabels[control]]}
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
