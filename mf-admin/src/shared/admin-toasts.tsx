import { uiMessages } from '../ui-messages';
import styles from './admin-page.module.css';

export type AlertLevel = 'error' | 'warning' | 'success';
export type AdminAlert = { level: AlertLevel; text: string };

const levelNames: Record<AlertLevel, string> = {
  get error() {
    return uiMessages.levelError;
  },
  get warning() {
    return uiMessages.levelWarning;
  },
  get success() {
    return uiMessages.levelSuccess;
  },
};

/** Spec §8.5: each alert is prefixed with its level in capitals, e.g. "[ERROR] ..." ("[FEHLER] ..." in German). */
export const alertLine = ({ level, text }: AdminAlert) => `[${levelNames[level]}] ${text}`;

/**
 * The outcomes of the last action (and a failed load) as toasts in a corner, each with its
 * level's colour and a Dismiss button, in the spec's words (they read like log
 * lines at the top of the page). One polite live region holds them all, present while empty,
 * because a screen reader only announces what is added to a region it already knows; the
 * toasts themselves are not alerts, so nothing is announced twice or cuts the reader off.
 */
export function AdminToasts({ alerts, onDismiss }: { alerts: AdminAlert[]; onDismiss: (index: number) => void }) {
  return (
    <div className={styles.toasts} role="status" aria-live="polite" aria-label={uiMessages.notificationsLabel}>
      {alerts.length > 0 ? (
        <ul className={styles.toastList}>
          {alerts.map((alert, index) => (
            <li key={`${index}-${alert.text}`} className={`${styles.toast} ${styles[`toast_${alert.level}`]}`}>
              <p className={styles.toastText}>{alertLine(alert)}</p>
              <button
                type="button"
                className={styles.dismiss}
                aria-label={uiMessages.dismiss}
                onClick={() => onDismiss(index)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
