/** What the shortcuts dialog lists, in the order a newcomer needs them. */
export interface ShortcutEntry {
  /** Keys pressed together (`Ctrl`, `K`) or, with `sequence`, one after the other (`g`, `d`). */
  keys: string[];
  sequence?: boolean;
  /** Another way to press the same (`⌘`, `K` on a Mac). */
  or?: string[];
  description: string;
}

export const shortcutList: ShortcutEntry[] = [
  { keys: ['Ctrl', 'K'], or: ['⌘', 'K'], description: 'Open the command palette' },
  { keys: ['/'], description: 'Filter the board' },
  { keys: ['c'], description: 'Add Issue in the board’s first column' },
  { keys: ['g', 'd'], sequence: true, description: 'Go to Dashboard' },
  { keys: ['g', 'p'], sequence: true, description: 'Go to Projects' },
  { keys: ['Ctrl', 'Z'], or: ['⌘', 'Z'], description: 'Undo the last change while its Undo is offered' },
  { keys: ['?'], description: 'Show keyboard shortcuts' },
  { keys: ['Esc'], description: 'Close the topmost dialog' },
];
