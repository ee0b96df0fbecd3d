import { create } from 'zustand';

// The issues picked for a bulk edit (features/bulk-edit): ctrl/cmd-click or `x` toggles one,
// shift-click adds the run from the last one picked, in the order the page draws them (the
// board's columns, or the list's rows). Kept apart from the board store: a page's own choice,
// not the board's state, so no delta or refetch touches it.

interface Selection {
  /** In the order they were picked. */
  ids: string[];
  /** Where a shift-click's run starts: the last issue picked alone. */
  anchor: string | null;
  /** The issues as the page draws them now, for a shift-click's run. */
  order: string[];
}

export const useIssueSelection = create<Selection>(() => ({ ids: [], anchor: null, order: [] }));
const state = useIssueSelection.getState;
const set = useIssueSelection.setState;

/** Adds the issue, or takes it out; it becomes where a run starts. */
export function toggleSelected(id: string): void {
  const { ids } = state();
  set({ ids: ids.includes(id) ? ids.filter((known) => known !== id) : [...ids, id], anchor: id });
}

/** Adds every issue drawn from the run's start to `id` (just `id` when there is no start drawn). */
export function selectRun(id: string): void {
  const { ids, anchor, order } = state();
  const [from, to] = [anchor === null ? -1 : order.indexOf(anchor), order.indexOf(id)];
  if (from < 0 || to < 0) return toggleSelected(id);
  const run = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  set({ ids: [...ids, ...run.filter((known) => !ids.includes(known))] });
}

export const clearSelection = (): void => set({ ids: [], anchor: null });

/** What the page draws, in its order: a run goes along it. */
export const setSelectionOrder = (order: string[]): void => set({ order });

/**
 * A click on an issue with a modifier picks it instead of opening it: shift adds a run, ctrl or
 * cmd one issue. True when it did.
 */
export function selectByClick(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }, id: string): boolean {
  if (event.shiftKey) selectRun(id);
  else if (event.ctrlKey || event.metaKey) toggleSelected(id);
  else return false;
  return true;
}
