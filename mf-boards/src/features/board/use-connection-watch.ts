import { useEffect } from 'react';
import { useBoardStore } from './store';

/**
 * Issue 16: while a board is shown, the browser's word on the network counts. Offline at once
 * when it says so (navigator.onLine, the `offline` event): the banner shows before a change
 * fails. Back online (`online`), the banner goes and the board is fetched again, once (the
 * socket's reconnect, which usually follows, joins that fetch: see `catchUp`).
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
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [boardId]);
}
