import type { PresenceField } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';
import { UserAvatar } from '../user-avatar';
import type { Present } from './presence-store';
import { useBoardPresence, useIssuePresence, usePresentPeople } from './use-presence';
import styles from './presence.module.css';

/** Faces shown before the rest are counted ("3 more"): a header has room for a few. */
const SHOWN = 5;

function Faces({ people, label }: { people: Present[]; label: string }) {
  if (people.length === 0) return null;
  const rest = people.slice(SHOWN);
  return (
    <ul className={styles.faces} aria-label={label}>
      {people.slice(0, SHOWN).map(({ user }) => (
        <li key={user.id} className={styles.face}>
          <span role="img" aria-label={user.name} title={user.name}>
            <UserAvatar name={user.name} url={user.avatarUrl} size="medium" />
          </span>
        </li>
      ))}
      {rest.length > 0 ? (
        <li className={styles.more} title={rest.map((p) => p.user.name).join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className={styles.visuallyHidden}>{uiMessages.morePresent(rest.length)}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** The others on the board, in its header; this page tells them it is here too. */
export function BoardPresence({ boardId }: { boardId: string }) {
  useBoardPresence(boardId);
  const people = usePresentPeople();
  if (people.length === 0) return null;
  return (
    <div className={styles.board}>
      <Faces people={people} label={uiMessages.presentOnBoard} />
    </div>
  );
}

const editingLine = (name: string, field: PresenceField) => uiMessages.isEditing(name, uiMessages.editedFields[field]);

/** The others in this issue, in its dialog's header, and what they edit ("Maya is editing the description"). */
export function IssuePresence({ issueId }: { issueId: string }) {
  useIssuePresence(issueId);
  const people = usePresentPeople(issueId);
  const editors = people.filter((p) => p.editing);
  if (people.length === 0) return null;
  return (
    <div className={styles.issue}>
      <Faces people={people} label={uiMessages.presentInIssue} />
      {/* Polite: said once someone starts or stops, never over what the reader is doing. */}
      <div className={styles.editing} role="status">
        {editors.map(({ user, editing }) => (
          <p key={user.id}>{editingLine(user.name, editing!)}</p>
        ))}
      </div>
    </div>
  );
}
