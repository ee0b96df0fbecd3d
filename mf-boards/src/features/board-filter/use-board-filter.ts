import type { IssueDto } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { localToday } from '../../shared/due-date';
import { filterColumns, type FilteredColumns } from './filter-columns';
import { issueMatcher, narrows, warmSearchText } from './filter-match';
import type { BoardFilter } from './filter-params';
import { fullColumnMove } from '../../shared/full-column-move';
import { useFilterAddress } from './use-filter-address';
import { useFilterCycles } from './use-filter-cycles';

type Column = { id: string; issues: IssueDto[] };
interface Move {
  issueId: string;
  sourceColumnId: string;
  destinationColumnId: string;
  newPosition: number;
}

/**
 * The board's columns as the filter shows them (the address's, and text typed ahead of it):
 * derived from the store's columns on every render (so realtime deltas are filtered as they
 * arrive), never copied. `toFullMove` turns a move made on the shown cards into one in the full
 * column.
 */
export function useFilteredBoard<C extends Column>(columns: C[]) {
  const address = useFilterAddress();
  const meId = useSession((s) => s.user?.id ?? null);
  const today = localToday();
  const cycles = useFilterCycles(address.filter.cycle.some((choice) => choice === 'current' || choice === 'next'));
  const matches = useMemo(
    () => issueMatcher(address.filter, { meId: meId === null ? null : String(meId), today, cycles }),
    [address.filter, meId, today, cycles],
  );
  // The last view: columns a keystroke leaves as they were keep their identity, and a letter typed
  // on looks only among the cards shown (same board, same "Me", same day, same current and next cycle).
  const context = `${meId}|${today}|${cycles?.current}|${cycles?.next}`;
  const last = useRef<{ view: FilteredColumns<C>; filter: BoardFilter; context: string } | undefined>(undefined);
  const view = useMemo(() => {
    const before = last.current;
    const narrowing =
      before !== undefined && matches !== null && before.context === context && narrows(before.filter, address.filter);
    return filterColumns(columns, matches, before?.view, narrowing);
  }, [columns, matches, address.filter, context]);
  useLayoutEffect(() => {
    last.current = { view, filter: address.filter, context };
  }, [view, address.filter, context]);
  useEffect(() => warmSearchText(columns), [columns]);
  const drawn = useRef({ full: columns, shown: view.columns });
  useLayoutEffect(() => {
    drawn.current = { full: columns, shown: view.columns };
  }, [columns, view.columns]);
  const toFullMove = useCallback(
    <M extends Move>(move: M) => fullColumnMove(drawn.current.full, drawn.current.shown, move),
    [],
  );
  return { ...address, ...view, meId: meId === null ? null : String(meId), toFullMove };
}
