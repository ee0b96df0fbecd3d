import type { BoardSliceCreator } from './types';

/**
 * The connection as the board sees it. Offline while the browser says so or a call
 * got no answer; the realtime connection down once it dropped, until it is back (the board then
 * misses the others' changes). Either way the board stays as it is under a banner (a card move
 * is kept for later, another change is undone on screen, a failed refetch keeps what is shown);
 * back, its kept moves are sent and it is fetched again once.
 */
export interface ConnectionSlice {
  offline: boolean;
  /** The browser says it has no network: the banner says "offline" rather than "Reconnecting…". */
  browserOffline: boolean;
  /** The realtime connection dropped and is not back yet. */
  realtimeDown: boolean;
  /** A call that got no answer (or the browser's `offline` event). */
  wentOffline(): void;
  /** An answer came: whatever made us think we were offline is over, and kept moves can go. */
  answered(): void;
  /** The browser's word on its network: `online`/`offline` events and navigator.onLine. */
  networkChanged(online: boolean): void;
  /** The realtime connection dropped (false) or connected again (true). */
  realtimeChanged(live: boolean): void;
  /** Leaving the board: what it knew of the connection goes (the next board view asks again). */
  forgetConnection(): void;
  /**
   * The browser's `online` event or the socket's reconnect: the banner goes, the moves kept
   * meanwhile are sent, and the board (and the open issue's comments, or the open issue itself
   * if it never arrived) are fetched again, since changes may have been missed. Both usually come together: while one catch-up is under way,
   * another joins it instead of fetching again. `keepBanner`: a retry while still thought
   * offline, whose answer (if one comes) takes the banner away.
   */
  catchUp(boardId: string, options?: { keepBanner?: boolean }): Promise<void>;
}

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
