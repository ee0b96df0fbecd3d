/**
 * The app's keyboard shortcuts as one pure decision: which action a key press asks
 * for, given where the focus is and whether `g` was pressed a moment ago. The hook around it
 * (use-shortcuts.ts) only reads the event and the page and runs what this returns.
 */
export type ShortcutAction =
  | 'palette' // Ctrl+K / Cmd+K: open (or close) the command palette
  | 'focus-filter' // `/`: the board's filter
  | 'create-issue' // `c`: "Add Issue" in the board's first column
  | 'show-shortcuts' // `?`: the shortcuts dialog
  | 'go-dashboard' // `g` then `d`
  | 'go-projects' // `g` then `p`
  | 'undo'; // Ctrl+Z / Cmd+Z: the latest change the shown screen offers to undo

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Told apart only for Ctrl+Z: with Shift it is the browser's redo, not an undo. */
  shiftKey?: boolean;
  /** Milliseconds, any clock; only differences matter. */
  at: number;
}

export interface KeyContext {
  /** The focus is where typing goes (a text field, a select, a listbox…): its keys are its own. */
  focusTakesKeys: boolean;
  /**
   * Which dialog shows: the keyboard layer's own (palette, shortcuts), another one (the issue
   * dialog, a confirmation), or none.
   */
  dialog: 'none' | 'own' | 'other';
}

export interface ShortcutDecision {
  action: ShortcutAction | null;
  /** When a `g` that may start a sequence was pressed; null when none is pending. */
  gPressedAt: number | null;
}

/** How long after `g` its second key may come (the common choice of Linear and GitHub). */
export const sequenceTimeoutMs = 1000;

const singleKeys: Record<string, ShortcutAction> = {
  '/': 'focus-filter',
  c: 'create-issue',
  // `?` is Shift+/ on most layouts: Shift is allowed, the produced character decides.
  '?': 'show-shortcuts',
};
const afterG: Record<string, ShortcutAction> = { d: 'go-dashboard', p: 'go-projects' };

export function decideShortcut(press: KeyPress, context: KeyContext, gPressedAt: number | null): ShortcutDecision {
  const none = { action: null, gPressedAt: null };
  const commandKey = press.ctrlKey || press.metaKey;
  // The palette's own chord works everywhere, text fields included, but never over another
  // app's dialog: two focus traps from two bundles would fight over the focus.
  if (commandKey && !press.altKey && press.key.toLowerCase() === 'k') {
    return context.dialog === 'other' ? none : { action: 'palette', gPressedAt: null };
  }
  // Undo works over the issue dialog too (a comment deleted there), never in a text field (the
  // field's own undo) nor over the palette or the shortcuts list.
  if (commandKey && !press.altKey && !press.shiftKey && press.key.toLowerCase() === 'z') {
    return context.focusTakesKeys || context.dialog === 'own' ? none : { action: 'undo', gPressedAt: null };
  }
  // Over any dialog, single keys belong to it: nothing happens behind a modal.
  if (commandKey || press.altKey || context.focusTakesKeys || context.dialog !== 'none') return none;

  const pendingG = gPressedAt !== null && press.at - gPressedAt <= sequenceTimeoutMs;
  if (pendingG && afterG[press.key]) return { action: afterG[press.key]!, gPressedAt: null };
  if (press.key === 'g') return { action: null, gPressedAt: press.at };
  return { action: singleKeys[press.key] ?? null, gPressedAt: null };
}
