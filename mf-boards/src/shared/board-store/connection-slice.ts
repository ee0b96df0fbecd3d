import type { BoardSliceCreator, ConnectionSlice } from './types';

export const createConnectionSlice: BoardSliceCreator<ConnectionSlice> = (set, get) => {
  let underWay: Promise<void> | null = null;
  /** The open issue's comments again; the whole issue when it was opened while out of reach and never arrived. */
  const refreshOpenIssue = () => {
    const { selectedIssueId, selectedIssue } = get();
    return selectedIssueId && !selectedIssue ? get().selectIssue(selectedIssueId) : get().refreshComments();
  };
  return {
    offline: false,
    browserOffline: false,
    realtimeDown: false,

    wentOffline() {
      if (!get().offline) set({ offline: true });
    },

    answered() {
      if (!get().offline) return;
      set({ offline: false });
      // Moves kept while out of reach go now, whichever call saw the server first.
      void get().sendQueuedMoves();
    },

    networkChanged(online) {
      if (get().browserOffline === !online) return;
      set({ browserOffline: !online });
      if (!online) get().wentOffline();
    },

    realtimeChanged(live) {
      if (get().realtimeDown === !live) return;
      set({ realtimeDown: !live });
    },

    forgetConnection() {
      set({ offline: false, browserOffline: false, realtimeDown: false });
    },

    catchUp(boardId, { keepBanner = false } = {}) {
      if (!keepBanner) get().answered();
      // Settled either way: a catch-up that went wrong must not block the next one.
      const done = () => {
        underWay = null;
      };
      underWay ??= get()
        .sendQueuedMoves()
        // Moves that reached the server fetched the board already.
        .then((sent) =>
          Promise.all([sent ? undefined : get().fetchBoard(boardId, { keepError: true }), refreshOpenIssue()]),
        )
        .then(done, done);
      return underWay;
    },
  };
};
