import type { KeyContext } from './shortcut-decision';

// Widgets whose keys are their own: typing goes into them, or a letter picks an option.
const keyTakers =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"], [role="combobox"], [role="listbox"], [role="menu"], [role="textbox"]';
const dialogs = '[role="dialog"], [role="alertdialog"], dialog[open]';

/** Whether the focused element takes the keys (a text field, a select, a list of options…). */
export function focusTakesKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest(keyTakers) !== null;
}

/**
 * Which dialog is showing: the keyboard layer's own (it says so: it opened it), another one,
 * or none. Its own only ever opens over no other dialog (the palette's chord waits for them).
 */
export function dialogShowing(ownOpen: boolean, doc: Document = document): KeyContext['dialog'] {
  if (ownOpen) return 'own';
  return doc.querySelector(dialogs) ? 'other' : 'none';
}
