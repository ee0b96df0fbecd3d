import { uiMessages } from '../../ui-messages';

/** What the shortcuts dialog lists, in the order a newcomer needs them. */
export interface ShortcutEntry {
  /** Keys pressed together (`Ctrl`, `K`) or, with `sequence`, one after the other (`g`, `d`). */
  keys: string[];
  sequence?: boolean;
  /** Another way to press the same (`⌘`, `K` on a Mac). */
  or?: string[];
  description: string;
}

/** The list in the page's language (read as the dialog draws). */
export const shortcutList = (): ShortcutEntry[] => [
  { keys: ['Ctrl', 'K'], or: ['⌘', 'K'], description: uiMessages.shortcutPalette },
  { keys: ['/'], description: uiMessages.shortcutFilter },
  { keys: ['c'], description: uiMessages.shortcutAddIssue },
  { keys: ['g', 'd'], sequence: true, description: uiMessages.goTo(uiMessages.dashboard) },
  { keys: ['g', 'p'], sequence: true, description: uiMessages.goTo(uiMessages.projects) },
  { keys: ['Ctrl', 'Z'], or: ['⌘', 'Z'], description: uiMessages.shortcutUndo },
  { keys: ['?'], description: uiMessages.shortcutHelp },
  { keys: ['Esc'], description: uiMessages.shortcutClose },
];
