import type { CycleFilter } from '@trackboard/contracts';
import { boardText as t, wordsOf } from '../../ui-messages';

/** What the filter's Cycle menu says. */
export const cycleFilterTexts = {
  get menu() {
    return t('fieldCycle');
  },
  /** Each choice names itself, in the menu and on its chip. */
  choices: wordsOf<CycleFilter>({
    current: 'currentCycle',
    next: 'nextCycle',
    any: 'anyCycle',
    none: 'noCycle',
  }),
};
