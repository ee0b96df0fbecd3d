/**
 * Later answers win: an answer to a request that a newer one (or leaving the board) has
 * overtaken must not undo what is on screen. `start()` numbers a request; `isLatest(n)` says
 * whether its answer still counts; `overtake()` drops every request under way.
 */
export function latestOnly() {
  let current = 0;
  return {
    start: () => ++current,
    isLatest: (request: number) => request === current,
    overtake: () => {
      current++;
    },
  };
}

export const boardFetches = latestOnly();

/**
 * Moves under way. Every answer counts (each carries a board version), except for an issue
 * moved again since: the later move's answer stands for it, and the earlier one would put it
 * back meanwhile. `overtake()` (leaving the board) drops every answer under way.
 */
export function moveLog() {
  let current = 0;
  let dropped = 0;
  const lastMoveOf = new Map<string, number>();
  return {
    start(issueId: string) {
      lastMoveOf.set(issueId, ++current);
      return current;
    },
    counts: (request: number) => request > dropped,
    movedSince: (request: number, issueId: string) => (lastMoveOf.get(issueId) ?? 0) > request,
    overtake() {
      dropped = current;
      lastMoveOf.clear();
    },
  };
}
export const moves = moveLog();
