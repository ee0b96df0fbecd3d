import type { CycleFilter } from '@trackboard/contracts';

/** What the filter's Cycle menu says (its own chunk's words: a board whose project has no cycles loads none). */
export const cycleFilterTexts = {
  menu: 'Cycle',
  /** Each choice names itself, in the menu and on its chip. */
  choices: {
    current: 'Current cycle',
    next: 'Next cycle',
    any: 'Any cycle',
    none: 'No cycle',
  } satisfies Record<CycleFilter, string>,
};
