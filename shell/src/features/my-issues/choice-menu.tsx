import { useEffect, useId, useRef, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import styles from './my-issues-page.module.css';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceMenuProps {
  name: string;
  choices: Choice[];
  chosen: readonly string[];
  onToggle(value: string): void;
}

/**
 * One field's choices: a button that shows and hides a group of checkboxes (the disclosure
 * pattern, as the board's filter menus: no focus trap, the browser's own checkboxes and Tab
 * order). It closes on Escape (focus back on its button), on a click elsewhere and when the
 * focus leaves it.
 */
export function ChoiceMenu({ name, choices, chosen, onToggle }: ChoiceMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={styles.menu}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.menuButton} ${chosen.length ? styles.menuButtonActive : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {name}
        {/* The name stays the visible text it starts with; the count is said after it. */}
        {chosen.length ? (
          <>
            <span className={styles.visuallyHidden}> {uiMessages.chosenCount(chosen.length)}</span>
            <span className={styles.menuCount} aria-hidden="true">
              {chosen.length}
            </span>
          </>
        ) : null}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      <fieldset id={panelId} className={styles.panel} hidden={!open}>
        <legend className={styles.visuallyHidden}>{name}</legend>
        {open && choices.length === 0 ? <p className={styles.panelEmpty}>{uiMessages.nothingToChoose}</p> : null}
        {open
          ? choices.map((choice) => (
              <label key={choice.value} className={styles.option}>
                <input
                  type="checkbox"
                  checked={chosen.includes(choice.value)}
                  onChange={() => onToggle(choice.value)}
                />
                <span className={styles.optionText}>{choice.label}</span>
              </label>
            ))
          : null}
      </fieldset>
    </div>
  );
}
