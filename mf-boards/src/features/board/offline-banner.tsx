import { useShallow } from 'zustand/react/shallow';
import { uiMessages } from '../../ui-messages';
import styles from './offline-banner.module.css';
import { useBoardStore } from '../../shared/board-store';

/**
 * Over the board while it is out of touch with the server: "Reconnecting…" as soon
 * as the realtime connection drops or a call gets no answer, "You are offline…" while the
 * browser says so, and how many card moves wait to be saved. It blocks nothing: the board stays
 * readable, moves are kept for later, and another change tried meanwhile is undone on screen.
 * A status (not an alert): it is read out politely, and does not steal focus.
 */
export function OfflineBanner() {
  const { cutOff, browserOffline, waiting } = useBoardStore(
    useShallow((s) => ({
      cutOff: s.offline || s.realtimeDown,
      browserOffline: s.browserOffline,
      waiting: s.queuedMoves.length,
    })),
  );
  if (!cutOff) return null;
  return (
    <p className={styles.banner} role="status">
      {browserOffline ? null : <span className={styles.spinner} aria-hidden="true" />}
      <span className={styles.state}>{browserOffline ? uiMessages.offlineBanner : uiMessages.reconnecting}</span>
      {waiting > 0 ? <span className={styles.waiting}>{uiMessages.queuedMoves(waiting)}</span> : null}
    </p>
  );
}
