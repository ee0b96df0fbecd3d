import { MessageBox, type MessageTone } from '@trackboard/web-kit';
import styles from '../user-approval-page.module.css';

export type AlertLevel = 'error' | 'warning' | 'success';
export type AdminAlert = { level: AlertLevel; text: string };

const tones: Record<AlertLevel, MessageTone> = { error: 'error', warning: 'notice', success: 'success' };

/** Spec §8.5: each alert is prefixed with its level in capitals, e.g. "[ERROR] ...". */
export const alertLine = ({ level, text }: AdminAlert) => `[${level.toUpperCase()}] ${text}`;

/** The outcome of the last action (and a failed load), each dismissible. */
export function AdminAlerts({ alerts, onDismiss }: { alerts: AdminAlert[]; onDismiss?: (index: number) => void }) {
  if (alerts.length === 0) return null;
  return (
    <div className={styles.alerts}>
      {alerts.map((alert, index) => (
        <MessageBox key={`${index}-${alert.text}`} tone={tones[alert.level]}>
          <span className={styles.alertRow}>
            <span>{alertLine(alert)}</span>
            {onDismiss ? (
              <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => onDismiss(index)}>
                ×
              </button>
            ) : null}
          </span>
        </MessageBox>
      ))}
    </div>
  );
}
