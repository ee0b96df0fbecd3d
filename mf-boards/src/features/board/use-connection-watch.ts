import { retryUntilBack, socketManager } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { useBoardStore, type BoardState } from '../../shared/board-store';

/** The first wait before asking again after a call got no answer; each later wait doubles, up to the last. */
export const OFFLINE_RETRY_FIRST_MS = 2_000;
const OFFLINE_RETRY_LAST_MS = 30_000;

/** Not in touch with the server: calls get no answer, or the live updates stopped. */
const cutOff = (state: BoardState) => state.offline || state.realtimeDown;

/**
 * While a board is shown, the connection is watched, so the banner shows before a
 * change fails. Offline at once when the browser says so (navigator.onLine, the `offline`
 * event); "Reconnecting…" at once when the realtime connection drops — the server going away
 * says so first, with nothing done on the page. Back online (`online`), the banner goes and the
 * board catches up, once (the socket's reconnect, which usually follows, joins that: see
 * `catchUp`).
 *
 * No event says when a server that stopped answering is back: while cut off, the board is asked
 * for again, further apart each time (and at once on `online` or a reconnect), until an answer
 * takes the banner away. An answer while the realtime connection is still down asks it to try
 * again too: socket.io gives up after its few attempts, and a longer outage would leave the
 * board without live updates.
 */
export function useConnectionWatch(boardId: string | undefined) {
  useEffect(() => {
    if (!boardId) return;
    const store = useBoardStore.getState;
    store().networkChanged(navigator.onLine);
    const offline = () => store().networkChanged(false);
    const online = () => {
      store().networkChanged(true);
      void store().catchUp(boardId);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const offDrop = socketManager.onDisconnect(() => store().realtimeChanged(false));
    const offConnect = socketManager.onConnect(() => store().realtimeChanged(true));

    let stopAsking: (() => void) | undefined;
    const askUntilBack = async () => {
      await store().catchUp(boardId, { keepBanner: true });
      if (!store().offline && store().realtimeDown) socketManager.retryConnection();
      return !cutOff(store());
    };
    const follow = () => {
      if (cutOff(store())) {
        stopAsking ??= retryUntilBack(askUntilBack, { firstMs: OFFLINE_RETRY_FIRST_MS, lastMs: OFFLINE_RETRY_LAST_MS });
      } else {
        stopAsking?.();
        stopAsking = undefined;
      }
    };
    const unsubscribe = useBoardStore.subscribe((state, before) => {
      if (cutOff(state) !== cutOff(before)) follow();
    });
    follow();

    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      offDrop();
      offConnect();
      unsubscribe();
      stopAsking?.();
      // Another board, or none: moves kept for this one go with it, and the connection is asked about anew.
      store().dropQueuedMoves();
      store().forgetConnection();
    };
  }, [boardId]);
}
