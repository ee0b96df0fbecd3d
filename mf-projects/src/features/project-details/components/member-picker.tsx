import { MEMBER_CANDIDATES_LIMIT, type ProjectMemberDto, type UserRef } from '@trackboard/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import { useMemberCandidates } from '../member-candidates-api';
import pageStyles from '../project-details-page.module.css';
import styles from './member-picker.module.css';

/**
 * The Add Member field: an e-mail address, with the people whose name or e-mail holds what is
 * typed offered under it (the WAI-ARIA combobox, list autocomplete with manual selection). The
 * field keeps the focus and points at the highlighted option (aria-activedescendant). Nothing is
 * highlighted until Down or Up is pressed, so Enter on an address typed in full still submits it;
 * Enter on a highlighted person, or a click, puts that person's e-mail in the field.
 *
 * Hand-written rather than cmdk (the boards' pickers): cmdk is not among this remote's
 * dependencies, and it highlights its first item by itself, which would turn Enter on a typed
 * address into picking whoever matched first.
 */
export function MemberPicker({
  id,
  projectKey,
  members,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  projectKey: string;
  /** The team: never offered, even from an answer cached before one of them joined. */
  members: ProjectMemberDto[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const listId = useId();
  /** Typing opens the list; picking, Escape and leaving the field close it until the next keystroke. */
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string>();
  // Closed, nothing is asked: a picked address is not looked up again.
  const found = useMemberCandidates(projectKey, open ? value : '');

  const team = new Set(members.map((member) => member.id));
  const people = open ? found.people.filter((person) => !team.has(person.id)) : [];
  const expanded = people.length > 0;
  const nobody = open && found.nobody;
  const chosen = people.findIndex((person) => person.id === activeId);
  const optionId = (person: UserRef) => `${listId}-option-${person.id}`;

  const close = () => {
    setOpen(false);
    setActiveId(undefined);
  };
  const pick = (person: UserRef) => {
    onChange(person.email);
    close();
  };
  const highlight = (index: number) => {
    const person = people[index]!;
    setActiveId(person.id);
    // A long list scrolls: the highlighted one is kept in sight (called only where implemented).
    document.getElementById(optionId(person))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!expanded) {
          // Closed by Escape or a pick: the arrows open it again for what is typed.
          if (!value.trim()) return;
          setOpen(true);
          break;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = chosen === -1 ? (step === 1 ? -1 : people.length) : chosen;
        highlight((from + step + people.length) % people.length);
        break;
      }
      case 'Enter':
        // Nothing highlighted: the form takes it, with what is typed.
        if (chosen === -1) return;
        pick(people[chosen]!);
        break;
      case 'Escape':
        if (!expanded && !nobody) return;
        close();
        // The list was what Escape closed, not whatever holds the page.
        event.stopPropagation();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className={styles.picker}>
      <input
        id={id}
        className={`${pageStyles.input} ${styles.input}`}
        type="email"
        autoComplete="off"
        placeholder={placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={chosen === -1 ? undefined : optionId(people[chosen]!)}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActiveId(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {/* Pressing in here keeps the focus in the field, so the list is not closed under the click;
          a click on a note closes it, as the note may cover the button when the form wraps. */}
      <div
        className={expanded || nobody ? `${styles.popup} ${styles.shown}` : styles.popup}
        onMouseDown={(event) => event.preventDefault()}
        onClick={close}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={uiMessages.memberSuggestions}
          className={styles.list}
          hidden={!expanded}
        >
          {people.map((person, index) => (
            <li
              key={person.id}
              id={optionId(person)}
              role="option"
              aria-selected={index === chosen}
              className={styles.option}
              // Moving, not entering: the list scrolled by the keys under a still pointer keeps its highlight.
              onMouseMove={() => person.id !== activeId && setActiveId(person.id)}
              onClick={() => pick(person)}
            >
              <span>
                <span className={styles.name}>{person.name}</span>
                {' — '}
                <span className={styles.email}>{person.email}</span>
              </span>
            </li>
          ))}
        </ul>
        {expanded && found.more && <p className={styles.note}>{uiMessages.moreCandidates(MEMBER_CANDIDATES_LIMIT)}</p>}
        {/* Always there, so what it says next is announced: how many were found (read only), or that no one was. */}
        <p role="status" className={nobody ? styles.note : styles.visuallyHidden}>
          {nobody ? uiMessages.noCandidates : expanded ? uiMessages.candidatesFound(people.length) : ''}
        </p>
      </div>
    </div>
  );
}
