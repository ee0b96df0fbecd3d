import { Command } from 'cmdk';
import type { ReactNode } from 'react';
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
  /** The list's items. */
  children: ReactNode;
}

/** The dialog's search-as-you-type pickers (assignee, labels): one cmdk frame, one Escape rule. */
export function PickerFrame(props: PickerFrameProps) {
  return (
    <Command
      className={picker.picker}
      label={props.label}
      loop
      // Escape closes the picker only (the dialog leaves it alone, see issue-dialog).
      onKeyDown={(event) => event.key === 'Escape' && props.onClose()}
    >
      <Command.Input
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
    </Command>
  );
}
