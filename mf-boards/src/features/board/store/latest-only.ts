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
export const moves = latestOnly();
