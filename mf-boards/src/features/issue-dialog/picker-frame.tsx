import { Command, useCommandState } from 'cmdk';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styles from './issue-dialog.module.css';
import picker from './pickers.module.css';

interface PickerFrameProps {
  /** The picker's accessible name. */
  label: string;
  /** The id of the field's visible label, which names the search box. */
  labelId: string;
  placeholder: string;
  query: string;
  onQueryChange(query: string): void;
  onClose(): void;
  disabled?: boolean;
  busy?: boolean;
  /** The caller draws only the items that match the query (cmdk then keeps their order and filters nothing). */
  filtered?: boolean;
  /** The list's items. */
  children: ReactNode;
}

/** The dialog's search-as-you-type pickers (assignee, labels): one cmdk frame, one Escape rule. */
export function PickerFrame(props: PickerFrameProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  return (
    <Command
      className={picker.picker}
      label={props.label}
      shouldFilter={!props.filtered}
      loop
      // Escape closes the picker only (the dialog leaves it alone, see issue-dialog).
      onKeyDown={(event) => event.key === 'Escape' && props.onClose()}
    >
      <Command.Input
        ref={inputRef}
        className={styles.input}
        aria-labelledby={props.labelId}
        placeholder={props.placeholder}
        value={props.query}
        onValueChange={props.onQueryChange}
        autoFocus
        disabled={props.disabled}
      />
      <Command.List className={picker.pickerList} aria-busy={props.busy}>
        {props.children}
      </Command.List>
      <ActiveOption inputRef={inputRef} />
    </Command>
  );
}

/**
 * Points the search box's aria-activedescendant at the option cmdk shows selected. cmdk 1.1 sets
 * it only when the arrow keys move: the option it selects by itself (the first one, on opening
 * and after each keystroke) was never named, so a screen reader did not say what Enter would take.
 */
function ActiveOption({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  // Redrawn when the selection or the list's items change.
  const selection = useCommandState((state) => `${state.value}\u0000${state.filtered.count}`);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const option = input
      .closest('[cmdk-root]')
      ?.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]:not([aria-disabled="true"])');
    if (option) input.setAttribute('aria-activedescendant', option.id);
    else input.removeAttribute('aria-activedescendant');
  }, [selection, inputRef]);
  return null;
}
