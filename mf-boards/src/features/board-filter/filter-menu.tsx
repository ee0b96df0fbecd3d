import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { LabelSwatch } from '../../shared/label-chip';
import type { FilterOption } from './filter-options';
import styles from './filter-bar.module.css';

interface FilterMenuProps {
  name: string;
  options: FilterOption[];
  chosen: string[];
  onToggle(value: string): void;
}

/**
 * One field's choices: a button that shows and hides a group of checkboxes (the disclosure
 * pattern: no focus trap, the browser's own checkboxes and Tab order). It closes on Escape
 * (focus back on its button), on a click elsewhere and when the focus leaves it. Native
 * controls rather than a menu library: this bar is on every cold board load (bundle budget).
 */
export function FilterMenu({ name, options, chosen, onToggle }: FilterMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLFieldSetElement | null>(null);

  // A menu near the right edge (a phone's second row) opens leftwards as far as it must to fit.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.transform = '';
    const { left, right } = panel.getBoundingClientRect();
    const over = right - (document.documentElement.clientWidth - 8);
    if (over > 0) panel.style.transform = `translateX(${-Math.min(over, Math.max(0, left - 8))}px)`;
  }, [open]);

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
        {/* The name stays the visible text it starts with (a voice user says "Due"); the count is said after it. */}
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
      <fieldset ref={panelRef} id={panelId} className={styles.panel} hidden={!open}>
        <legend className={styles.visuallyHidden}>{name}</legend>
        {open && options.length === 0 ? <p className={styles.panelEmpty}>{uiMessages.noFilterChoices}</p> : null}
        {/* Drawn only while open: the bar is drawn again on every keystroke in the text box. */}
        {open
          ? options.map((option) => (
              <label key={option.value} className={styles.option}>
                <input
                  type="checkbox"
                  checked={chosen.includes(option.value)}
                  onChange={() => onToggle(option.value)}
                />
                {option.color ? <LabelSwatch color={option.color} /> : null}
                <span className={styles.optionText}>{option.label}</span>
              </label>
            ))
          : null}
      </fieldset>
    </div>
  );
}
