import { boardText } from '../../ui-messages';
import { UserAvatar } from '../../shared/user-avatar';
import type { Mentionable } from './mentions';
import styles from './markdown.module.css';

export const mentionTexts = {
  get listName() {
    return boardText('mentionList');
  },
  howTo: (count: number) => boardText.plural('mentionHowTo', count),
};

/**
 * The members offered for the `@` being typed. The text box keeps the focus: the
 * options are pressed with the mouse (without taking it) or chosen with the keys there.
 */
export function MentionList({
  id,
  members,
  chosen,
  optionId,
  onPick,
  onHover,
  above,
}: {
  id: string;
  members: Mentionable[];
  chosen: number;
  optionId(index: number): string;
  onPick(member: Mentionable): void;
  onHover(index: number): void;
  /** Drawn above the text box (no room below). */
  above: boolean;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={mentionTexts.listName}
      className={`${styles.mentionList} ${above ? styles.mentionListAbove : ''}`}
    >
      {members.map((member, index) => (
        <li
          key={member.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === chosen}
          className={styles.mentionOption}
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => onPick(member)}
        >
          <UserAvatar name={member.name} url={member.avatarUrl ?? null} />
          <span className={styles.mentionName}>{member.name}</span>
          {member.email ? <span className={styles.mentionEmail}>{member.email}</span> : null}
        </li>
      ))}
    </ul>
  );
}
