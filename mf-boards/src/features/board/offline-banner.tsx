import { uiMessages } from '../../ui-messages';
import styles from './offline-banner.module.css';
import { useBoardStore } from './store';

/**
 * Over the board while the connection is gone (issue 16). It blocks nothing: the board stays
 * readable, and a change tried meanwhile is undone on screen. A status (not an alert): it is
 * read out once, politely, and does not steal focus.
 */
export function OfflineBanner() {
  const offline = useBoardStore((s) => s.offline);
  if (!offline) return null;
  return (
    <p className={styles.banner} role="status">
      {uiMessages.offlineBanner}
    </p>
  );
}
