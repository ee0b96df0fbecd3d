import { cycleLastDay, type CycleDto, type IssueDto, type ProjectCycles } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useBoardStore } from './board-store';
import { boardText } from '../ui-messages';
import { formatDueDate } from './due-date';

// The shown board's project's cycles, for the parts that offer or filter by them (the dialog's
// Cycle, the filter's Cycle menu, the bulk bar's Cycle). Asked for only when one of them is
// drawn, never by the board itself: this module is imported only by lazy chunks (and by the
// filter through `import()`), so a cold board neither loads it nor asks the server.

interface CyclesState {
  /** The project whose cycles these are: the shown board's (null: no board). */
  projectKey: string | null;
  /** Its plan and cycles once they arrived; null before (or when the request failed). */
  data: ProjectCycles | null;
  /** A request is under way. */
  loading: boolean;
  /** Cycle ids seen on issues that the cycles did not know, already asked about (asked once each). */
  askedAbout: string[];
  /** Numbers the requests: an answer for a board left since (or overtaken by a newer request) is dropped. */
  request: number;
}

const nothing = { data: null, loading: false, askedAbout: [] } satisfies Partial<CyclesState>;

const useCyclesStore = create<CyclesState>()(() => ({ projectKey: null, request: 0, ...nothing }));

async function fetchCycles(projectKey: string): Promise<void> {
  const asked = useCyclesStore.getState().request + 1;
  useCyclesStore.setState({ request: asked, loading: true });
  const latest = () => useCyclesStore.getState().request === asked;
  try {
    const data = await api.get<ProjectCycles>(`/projects/${encodeURIComponent(projectKey)}/cycles`);
    if (latest()) useCyclesStore.setState({ data, loading: false });
  } catch {
    // Without them nothing offers a cycle (and the filter's current/next match nothing); the
    // next part that needs them asks again.
    if (latest()) useCyclesStore.setState({ loading: false });
  }
}

/** Asks for the shown board's project's cycles unless they are here or on their way. */
export function loadCycles(): void {
  const { projectKey, data, loading } = useCyclesStore.getState();
  if (projectKey !== null && data === null && !loading) void fetchCycles(projectKey);
}

/** Ids on `issues` that `data` does not know: a cycle begun since (a roll-over) or one planned since. */
export function unknownCycleIds(issues: readonly Pick<IssueDto, 'cycleId'>[], data: ProjectCycles): string[] {
  const known = new Set(data.cycles.map((cycle) => cycle.id));
  const unknown = new Set<string>();
  for (const issue of issues) if (issue.cycleId !== null && !known.has(issue.cycleId)) unknown.add(issue.cycleId);
  return [...unknown];
}

/** The cycles follow the board: another project (or none) drops them. Says whether it did. */
function followBoard(projectKey = useBoardStore.getState().board?.projectKey ?? null): boolean {
  const { projectKey: known, request } = useCyclesStore.getState();
  if (known === projectKey) return false;
  useCyclesStore.setState({ projectKey, ...nothing, request: request + 1 });
  return true;
}

// An issue in a cycle they do not know asks for them again, once per such cycle, so a list that
// still lacks it (a cycle deleted meanwhile) is not asked for over and over.
useBoardStore.subscribe((state, before) => {
  const projectKey = state.board?.projectKey ?? null;
  if (followBoard(projectKey)) return;
  const cycles = useCyclesStore.getState();
  if (state.issues === before.issues || cycles.data === null || projectKey === null) return;
  const unknown = unknownCycleIds(state.issues, cycles.data).filter((id) => !cycles.askedAbout.includes(id));
  if (unknown.length === 0) return;
  useCyclesStore.setState({ askedAbout: [...cycles.askedAbout, ...unknown] });
  void fetchCycles(projectKey);
});

/**
 * The shown board's project's cycles, asked for while `wanted` (a part drawn that needs them);
 * null until they are here.
 */
export function useProjectCycles(wanted = true): ProjectCycles | null {
  const projectKey = useBoardStore((state) => state.board?.projectKey ?? null);
  const data = useCyclesStore((state) => (state.projectKey === projectKey ? state.data : null));
  useEffect(() => {
    // The subscription above sees the board's changes from when this module loaded; a board
    // shown before that is taken here.
    followBoard(projectKey);
    if (wanted) loadCycles();
  }, [wanted, projectKey]);
  return data;
}

export interface CurrentAndNext {
  current: string | null;
  next: string | null;
}

/** The filter's "current" and "next" (the first upcoming cycle), as ids; null where there is none. */
export function currentAndNext(data: ProjectCycles): CurrentAndNext {
  return {
    current: data.cycles.find((cycle) => cycle.state === 'current')?.id ?? null,
    next: data.cycles.find((cycle) => cycle.state === 'upcoming')?.id ?? null,
  };
}

/**
 * For the filter, outside React's tree of this chunk: asks for the cycles (again for each project
 * the board turns to) and tells `listener` the current and next cycle's ids, null until they are
 * here. Returns the unsubscribe.
 */
export function watchCurrentAndNext(listener: (cycles: CurrentAndNext | null) => void): () => void {
  followBoard();
  loadCycles();
  let projectKey = useCyclesStore.getState().projectKey;
  const tell = (state: CyclesState) => listener(state.data ? currentAndNext(state.data) : null);
  tell(useCyclesStore.getState());
  return useCyclesStore.subscribe((state) => {
    if (state.projectKey !== projectKey) {
      projectKey = state.projectKey;
      loadCycles();
    }
    tell(state);
  });
}

/** The cycles an issue may be put in: the current one and those planned after it, in order. */
export const openCycles = (data: ProjectCycles): CycleDto[] => data.cycles.filter((cycle) => cycle.state !== 'past');

/** The words the dialog and the bulk bar share for cycles (kept in this lazily loaded module). */
export const cycleTexts = {
  get noCycle() {
    return boardText('noCycle');
  },
  /** "Cycle 3 (current) · Mar 2 – Mar 15": its name, whether it runs now or has ended, its first and last day. */
  choice(cycle: CycleDto, today: string): string {
    const key =
      cycle.state === 'current' ? 'cycleChoiceCurrent' : cycle.state === 'past' ? 'cycleChoiceEnded' : 'cycleChoice';
    const first = formatDueDate(cycle.startsOn, today);
    return boardText(key, { name: cycle.name, first, last: formatDueDate(cycleLastDay(cycle), today) });
  },
};
