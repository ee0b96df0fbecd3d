import { lazyPart } from '../../shared/lazy-part';
import type { CycleFilterProps } from './cycle-filter';

// The Cycle menu and its chips are a chunk of their own, with the project's cycles: a board loads
// them only once someone turns to the filter bar or the address chooses a cycle.
const load = () => import(/* webpackChunkName: "cycle-filter" */ './cycle-filter');
const menu = lazyPart<CycleFilterProps>({
  load: async () => (await load()).CycleFilterMenu,
  loading: () => null,
  failed: () => null,
});
const chips = lazyPart<CycleFilterProps>({
  load: async () => (await load()).CycleFilterChips,
  loading: () => null,
  failed: () => null,
});

export const LazyCycleFilterMenu = menu.Part;
export const LazyCycleFilterChips = chips.Part;
