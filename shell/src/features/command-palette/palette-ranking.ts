import { defaultFilter } from 'cmdk';
import type { PaletteCommand } from './shell-commands';

/**
 * Where search hits rank among commands. cmdk's scoring gives a command whose label (or a
 * keyword) has a word starting with the typed text about 0.9, a loose letter-by-letter match
 * 0.1–0.2: a command that clearly matches comes before the hits, a loose one after them.
 */
export const hitScore = 0.5;

export interface RankedCommands {
  /** Clear matches, best first: listed before the hits. */
  before: PaletteCommand[];
  /** Loose matches, best first: listed after the hits. */
  after: PaletteCommand[];
}

/** The commands matching `typed`, split around the hits (the palette does its own ordering). */
export function rankCommands(commands: readonly PaletteCommand[], typed: string): RankedCommands {
  const scored = commands
    .map((command) => ({ command, score: defaultFilter(command.label, typed, command.keywords) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  return {
    before: scored.filter(({ score }) => score > hitScore).map(({ command }) => command),
    after: scored.filter(({ score }) => score <= hitScore).map(({ command }) => command),
  };
}

/** All commands under their group headings, in the order the groups first appear. */
export function groupCommands(commands: readonly PaletteCommand[]): Array<[string, PaletteCommand[]]> {
  const groups = new Map<string, PaletteCommand[]>();
  for (const command of commands) groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
  return [...groups];
}
