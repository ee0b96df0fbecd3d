import { useEffect } from 'react';
import { useBoardStore } from './store';

/** The first wait before asking again after a call got no answer; each later wait doubles, up to the last. */
export const OFFLINE_RETRY_FIRST_MS = 2_000;
const OFFLINE_RETRY_LAST_MS = 30_000;

/**
 * Issue 16: while a board is shown, the browser's word on the network counts. Offline at once
 * when it says so (navigator.onLine, the `offline` event): the banner shows before a change
 * fails. Back online (`online`), the banner goes and the board is fetched again, once (the
 * socket's reconnect, which usually follows, joins that fetch: see `catchUp`).
 *
 * A call can also get no answer while the browser thinks it is online (the server or the way to
 * it is down): no event will say when that ends, so the board is asked for again, further apart
 * each time, until an answer takes the banner away.
 */
export function useConnectionWatch(boardId: string | undefined) {
  useEffect(() => {
    if (!boardId) return;
    const store = useBoardStore.getState;
    if (!navigator.onLine) store().wentOffline();
    const offline = () => store().wentOffline();
    const online = () => void store().catchUp(boardId);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);

    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = OFFLINE_RETRY_FIRST_MS;
    const askAgain = () => {
      retry = setTimeout(async () => {
        retry = undefined;
        // Offline by the browser's word: its `online` event catches up.
        if (!navigator.onLine) return;
        await store().catchUp(boardId, { keepBanner: true });
        if (!store().offline) return;
        wait = Math.min(wait * 2, OFFLINE_RETRY_LAST_MS);
        askAgain();
      }, wait);
    };
    const unsubscribe = useBoardStore.subscribe((state, before) => {
      if (state.offline === before.offline) return;
      clearTimeout(retry);
      retry = undefined;
      wait = OFFLINE_RETRY_FIRST_MS;
      if (state.offline) askAgain();
    });
    if (store().offline) askAgain();

    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      unsubscribe();
      clearTimeout(retry);
    };
  }, [boardId]);
}
