import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { useMentionMembers } from './mention-members';
import {
  insertMention,
  isMadeMention,
  matchMembers,
  mentionQueryAt,
  type KnownMentions,
  type Mentionable,
} from './mentions';

/**
 * The `@` member picker of a Markdown text box. Typing `@` after a space (or at the start)
 * offers the members whose name or e-mail matches what follows; Up/Down choose, Enter or Tab
 * insert `@Name` (and tell `onChange` who was picked), Escape closes it until another `@`. The text box keeps the focus
 * throughout and points at the chosen option (aria-activedescendant), as a combobox would.
 */
export function useMentionPicker(
  value: string,
  onChange: (value: string, picked?: Mentionable) => void,
  box: RefObject<HTMLTextAreaElement | null>,
  /** The mentions in the text: the caret after one of them offers nothing. */
  known: KnownMentions = new Map(),
) {
  const members = useMentionMembers();
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** Where the mention closed by Escape starts: it stays closed while that one is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const placeCaret = useRef<number | null>(null);

  const query = caret === null || members.length === 0 ? null : mentionQueryAt(value, caret);
  const typing = query && !isMadeMention(query.query, known) ? query : null;
  const matches = typing && typing.start !== dismissed ? matchMembers(members, typing.query) : [];
  const open = matches.length > 0;
  const chosen = open ? Math.min(active, matches.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // After an insertion the caret goes right after the mention (the new value is drawn first).
  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null || !box.current) return;
    placeCaret.current = null;
    box.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value, box]);

  /** The caret moved or the text changed: follow it (a new `@` starts at the top of the list). */
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    const at = target.selectionStart === target.selectionEnd ? target.selectionStart : null;
    if (at !== caret) {
      const next = at === null ? null : mentionQueryAt(target.value, at);
      if (!next || next.start !== typing?.start) setActive(0);
      if (!next) setDismissed(null);
      setCaret(at);
    }
  };

  const pick = (member: Mentionable) => {
    if (!typing || caret === null) return;
    const next = insertMention(value, typing.start, caret, member);
    placeCaret.current = next.caret;
    setActive(0);
    onChange(next.text, member);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        setActive((chosen + 1) % matches.length);
        break;
      case 'ArrowUp':
        setActive((chosen - 1 + matches.length) % matches.length);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
        pick(matches[chosen]!);
        break;
      case 'Escape':
        setDismissed(typing!.start);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return {
    open,
    matches,
    chosen,
    listId,
    optionId,
    pick,
    choose: setActive,
    /** Call from the text box's change too: the caret moved with the typing. */
    track,
    /** Whether there is anyone to mention here at all. */
    available: members.length > 0,
    /** Spread on the textarea. */
    boxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(chosen) : undefined,
      // The issue dialog reads this: Escape closes the picker, not the dialog.
      'data-mention-open': open ? 'true' : undefined,
      onKeyDown,
      onSelect: track,
      onKeyUp: track,
      onClick: track,
      onBlur: () => setCaret(null),
    },
  };
}
