import {
  DELIVERY_CHOICES,
  NOTIFICATION_KINDS,
  type Delivery,
  type NotificationKind,
  type NotificationSettings as Settings,
} from '@trackboard/contracts';
import { errorReason, MessageBox, retryUnlessClientError, useSession } from '@trackboard/web-kit';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';
import { notificationsApi } from '../notifications/notifications-api';
import styles from './profile-page.module.css';

/**
 * The profile's notification settings: per kind Off, In app, or In app and e-mail.
 * Native radio groups, so arrows move the choice as usual; each choice is saved on its own at
 * once, shown before the server answers and put back if it refuses.
 */
export function NotificationSettingsSection() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data, error, mutate } = useSWR(['notification-settings', userId], () => notificationsApi.settings(), {
    shouldRetryOnError: retryUnlessClientError,
    revalidateOnFocus: false,
  });
  const [saving, setSaving] = useState<ReadonlySet<NotificationKind>>(new Set());
  const [failure, setFailure] = useState<string>();
  /** The latest choice per kind: an older save's answer must not undo a newer choice. */
  const latest = useRef(new Map<NotificationKind, number>());

  const choose = async (kind: NotificationKind, delivery: Delivery) => {
    if (!data) return;
    const before = data[kind];
    const turn = (latest.current.get(kind) ?? 0) + 1;
    latest.current.set(kind, turn);
    setFailure(undefined);
    setSaving((now) => new Set(now).add(kind));
    void mutate((now) => (now ? { ...now, [kind]: delivery } : now), { revalidate: false });
    try {
      const saved = await notificationsApi.updateSettings({ [kind]: delivery });
      if (latest.current.get(kind) === turn)
        void mutate((now) => (now && saved ? { ...now, [kind]: saved[kind] ?? delivery } : now), {
          revalidate: false,
        });
    } catch (reason) {
      if (latest.current.get(kind) === turn) {
        void mutate((now: Settings | undefined) => (now ? { ...now, [kind]: before } : now), { revalidate: false });
        setFailure(
          uiMessages.settingSaveFailed(uiMessages.kindSettingName(kind), errorReason(reason, uiMessages.tryAgain)),
        );
      }
    } finally {
      if (latest.current.get(kind) === turn)
        setSaving((now) => {
          const next = new Set(now);
          next.delete(kind);
          return next;
        });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className={styles.cardTitle}>
        {uiMessages.notifications}
      </h2>
      <p className={styles.intro}>{uiMessages.notificationSettingsIntro}</p>
      {failure ? <MessageBox tone="error">{failure}</MessageBox> : null}
      {data ? (
        <div className={styles.kinds}>
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className={styles.kind}>
              <legend className={styles.kindName}>
                {uiMessages.kindName(kind)}
                {saving.has(kind) ? <span className={styles.savingNote}> {uiMessages.saving}</span> : null}
              </legend>
              <div className={styles.choices}>
                {DELIVERY_CHOICES.map((delivery) => (
                  <label key={delivery} className={styles.radioChoice}>
                    <input
                      type="radio"
                      name={`notify-${kind}`}
                      value={delivery}
                      checked={data[kind] === delivery}
                      onChange={() => void choose(kind, delivery)}
                    />
                    {uiMessages.deliveryName(delivery)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      ) : error ? (
        <MessageBox tone="error">{errorReason(error, uiMessages.notificationSettingsLoadFailed)}</MessageBox>
      ) : (
        <p role="status" className={styles.savingNote}>
          {uiMessages.loadingNotificationSettings}
        </p>
      )}
    </section>
  );
}
