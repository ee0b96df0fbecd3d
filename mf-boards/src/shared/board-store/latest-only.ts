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

/** Where a card stands: its column and its index there. */
export interface Place {
  columnId: string;
  position: number;
}

/**
 * Moves under way (one log per store: the card slice's). Every answer counts (each carries a board version), except for an issue
 * moved again since: the later move's answer stands for it, and the earlier one would put it
 * back meanwhile. `overtake()` (leaving the board) drops every answer under way.
 *
 * It also keeps, per issue with moves under way, its last place the server has: a
 * move that gets no answer puts the card back there. Moved twice offline, both moves fail, and
 * the card goes back to where it stood before the first, not to where the first put it.
 */
export function moveLog() {
  let current = 0;
  let dropped = 0;
  const lastMoveOf = new Map<string, number>();
  const savedPlace = new Map<string, Place>();
  return {
    /** A move of `issueId` from `from` (its place on screen before the move) begins. */
    start(issueId: string, from?: Place) {
      lastMoveOf.set(issueId, ++current);
      if (from && !savedPlace.has(issueId)) savedPlace.set(issueId, from);
      return current;
    },
    counts: (request: number) => request > dropped,
    movedSince: (request: number, issueId: string) => (lastMoveOf.get(issueId) ?? 0) > request,
    /**
     * A move's call ended: `to` when the server took it. Once the issue's latest move has
     * ended, nothing is under way for it; before that, a taken move is its new saved place.
     * Returns the saved place to go back to, for the latest move only.
     */
    ended(request: number, issueId: string, to?: Place): Place | undefined {
      if ((lastMoveOf.get(issueId) ?? 0) > request) {
        if (to && savedPlace.has(issueId)) savedPlace.set(issueId, to);
        return undefined;
      }
      const saved = savedPlace.get(issueId);
      savedPlace.delete(issueId);
      return saved;
    },
    overtake() {
      dropped = current;
      lastMoveOf.clear();
      savedPlace.clear();
    },
  };
}
