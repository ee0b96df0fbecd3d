import { useSyncExternalStore } from 'react';

/**
 * Something the command palette offers. The shell contributes its own (go to a
 * page, switch theme); a remote adds what only it can do (mf-boards: "Create issue on this
 * board") while its screen is shown, without the shell importing the remote.
 */
export interface AppCommand {
  /** Unique in the app, e.g. `board.create-issue`: the palette's item value. */
  id: string;
  /** What the palette shows, e.g. "Create issue on this board". */
  label: string;
  /** The palette heading it is listed under, e.g. "Board". */
  group: string;
  /** More words the palette's filter matches. */
  keywords?: string[];
  /**
   * A single key the shell's shortcut dispatcher runs this command with while it is registered
   * (e.g. `c`), or UNDO_SHORTCUT; also shown beside it in the palette. The shell owns which keys exist.
   */
  shortcut?: string;
  /** Runs the command. A rejection is shown by the palette in words. */
  run(): void | Promise<unknown>;
}

/**
 * The shortcut of a screen's Undo command (Ctrl+Z, or Cmd+Z on a Mac): the shell's dispatcher
 * runs the command registered under it while the focus is not in a text field.
 */
export const UNDO_SHORTCUT = 'Ctrl+Z';

type Listener = () => void;

const sources = new Map<string, { token: object; commands: readonly AppCommand[] }>();
const listeners = new Set<Listener>();
// A fresh array only when something changes, so useSyncExternalStore sees a stable snapshot.
let snapshot: readonly AppCommand[] = [];

function changed(): void {
  snapshot = [...sources.values()].flatMap((entry) => entry.commands);
  for (const listener of listeners) listener();
}

/**
 * Offers `commands` under `source` (e.g. `mf-boards`), replacing what that source offered
 * before. Returns the function that withdraws them; it does nothing once a later call for the
 * same source replaced them, so a remount's late cleanup never removes the new screen's commands.
 */
export function registerCommands(source: string, commands: readonly AppCommand[]): () => void {
  const token = {};
  sources.set(source, { token, commands: [...commands] });
  changed();
  return () => {
    if (sources.get(source)?.token !== token) return;
    sources.delete(source);
    changed();
  };
}

/** Every registered command, in the order their sources registered. */
export function readCommands(): readonly AppCommand[] {
  return snapshot;
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeCommands(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The registered command a shortcut key runs, if any (the latest registration wins). */
export function commandForShortcut(key: string): AppCommand | undefined {
  return snapshot.findLast((command) => command.shortcut === key);
}

/** The registered commands, kept live in a component. */
export function useCommands(): readonly AppCommand[] {
  return useSyncExternalStore(subscribeCommands, readCommands, readCommands);
}
