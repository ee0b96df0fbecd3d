import { useEffect, useState } from 'react';
import type { MatchContext } from './filter-match';

type FilterCycles = NonNullable<MatchContext['cycles']>;

/**
 * The ids of the project's current and next cycle while `wanted` (the address chooses "current"
 * or "next"); null until they are here. The cycles' module is fetched with them: a board whose
 * filter names no cycle loads neither.
 */
export function useFilterCycles(wanted: boolean): FilterCycles | null {
  const [cycles, setCycles] = useState<FilterCycles | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let stop: (() => void) | undefined;
    let left = false;
    import(/* webpackChunkName: "project-cycles" */ '../../shared/project-cycles')
      .then(({ watchCurrentAndNext }) => {
        if (left) return;
        stop = watchCurrentAndNext((next) =>
          // The same ids keep the same object: a new one would build the matcher again.
          setCycles((known) =>
            known && next && known.current === next.current && known.next === next.next ? known : next,
          ),
        );
      })
      // Code that did not arrive: "current" and "next" match nothing, as while the list loads.
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [wanted]);
  return wanted ? cycles : null;
}
