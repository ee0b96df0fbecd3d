import { useEffect, useLayoutEffect, useMemo, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { uiMessages } from '../../ui-messages';
import { Markdown } from './markdown';
import { MentionHighlights } from './mention-highlights';
import { MentionList, mentionTexts } from './mention-list';
import { shownMentions, storedMentions, withPicked, type Mentionable } from './mentions';
import { useMentionPicker } from './use-mention-picker';
import { useImagePaste } from './use-image-paste';
import styles from './markdown.module.css';

/** About the list's full height (14rem) in pixels. */
const LIST_ROOM = 240;

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

interface MarkdownEditorProps extends TextareaProps {
  value: string;
  onChange(value: string): void;
}

/**
 * A Markdown text box with Write and Preview. The textarea keeps every attribute it is given
 * (label, placeholder, rows), so it reads and behaves like the plain box it replaces. Typing `@`
 * offers the project's members to mention (`useMentionPicker`); a mention shows as `@Name` on a
 * chip while editing, and `value`/`onChange` carry its stored form `@[Name](user:ID)`.
 */
export function MarkdownEditor({ value, onChange, ...textarea }: MarkdownEditorProps) {
  const [preview, setPreview] = useState(false);
  const box = useRef<HTMLTextAreaElement | null>(null);
  const shown = useMemo(() => shownMentions(value), [value]);
  const change = (text: string, picked?: Mentionable) =>
    onChange(storedMentions(text, picked ? withPicked(shown.known, picked) : shown.known));
  const mention = useMentionPicker(shown.text, change, box, shown.known);
  const onPaste = useImagePaste({ value, onChange, shownText: shown.text, changeShown: change, box });
  // The list opens above the box when there is no room below it (the comment box sits at the bottom).
  const [listAbove, setListAbove] = useState(false);
  useLayoutEffect(() => {
    if (!mention.open || !box.current) return;
    const { top, bottom } = box.current.getBoundingClientRect();
    setListAbove(bottom + LIST_ROOM > window.innerHeight && top > LIST_ROOM);
  }, [mention.open]);
  // Emptied from outside (a comment posted): back to writing the next one.
  useEffect(() => {
    if (value === '') setPreview(false);
  }, [value]);

  return (
    <div className={styles.editor}>
      <div className={styles.modes} role="group" aria-label={uiMessages.editorMode}>
        <button
          type="button"
          className={styles.mode}
          aria-pressed={!preview}
          onClick={() => {
            setPreview(false);
            requestAnimationFrame(() => box.current?.focus());
          }}
        >
          {uiMessages.write}
        </button>
        <button type="button" className={styles.mode} aria-pressed={preview} onClick={() => setPreview(true)}>
          {uiMessages.preview}
        </button>
        <span className={styles.hint} aria-hidden="true">
          {mention.available ? uiMessages.markdownHintMention : uiMessages.markdownHint}
        </span>
      </div>
      {preview ? (
        <div className={styles.preview} data-testid="markdown-preview">
          {value.trim() ? (
            <Markdown text={value} />
          ) : (
            <span className={styles.empty}>{uiMessages.nothingToPreview}</span>
          )}
        </div>
      ) : (
        <div className={styles.writing}>
          <textarea
            ref={box}
            {...textarea}
            {...mention.boxProps}
            value={shown.text}
            onPaste={onPaste}
            onChange={(event) => {
              mention.track(event);
              change(event.target.value);
            }}
          />
          {shown.known.size > 0 ? <MentionHighlights text={shown.text} known={shown.known} box={box} /> : null}
          {mention.open ? (
            <MentionList
              id={mention.listId}
              members={mention.matches}
              chosen={mention.chosen}
              optionId={mention.optionId}
              onPick={mention.pick}
              onHover={mention.choose}
              above={listAbove}
            />
          ) : null}
          {mention.available ? (
            <span role="status" className={styles.visuallyHidden}>
              {mention.open ? mentionTexts.howTo(mention.matches.length) : ''}
            </span>
          ) : null}
        </div>
      )}
    </div>
  );
}
