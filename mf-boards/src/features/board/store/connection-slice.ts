import type { BoardSliceCreator } from './types';

/**
 * The connection as the board sees it (issue 16): offline while the browser says so or a call
 * got no answer. Offline, the board stays as it is (a failed change is undone on screen, a
 * failed refetch keeps what is shown) under a banner; back online, it is fetched again once.
 */
export interface ConnectionSlice {
  offline: boolean;
  /** The browser's `offline` event, or a call that got no answer. */
  wentOffline(): void;
  /** An answer came: whatever made us think we were offline is over. */
  answered(): void;
  /**
   * The browser's `online` event or the socket's reconnect: the banner goes, and the board (and
   * the open issue's comments) are fetched again, since changes may have been missed meanwhile.
   * Both usually come together: while one catch-up is under way, another joins it instead of
   * fetching again. `keepBanner`: a retry while still thought offline, whose answer (if one
   * comes) takes the banner away.
   */
  catchUp(boardId: string, options?: { keepBanner?: boolean }): Promise<void>;
}

export const createConnectionSlice: BoardSliceCreator<ConnectionSlice> = (set, get) => {
  let underWay: Promise<void> | null = null;
  return {
    offline: false,

    wentOffline() {
      if (!get().offline) set({ offline: true });
    },

    answered() {
      if (get().offline) set({ offline: false });
    },

    catchUp(boardId, { keepBanner = false } = {}) {
      if (!keepBanner) get().answered();
      // Settled either way: a catch-up that went wrong must not block the next one.
      const done = () => {
        underWay = null;
      };
      underWay ??= Promise.all([get().fetchBoard(boardId, { keepError: true }), get().refreshComments()]).then(
        done,
        done,
      );
      return underWay;
    },
  };
};
