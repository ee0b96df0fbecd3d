import { accountStatusOf, useSession } from '@trackboard/web-kit';
import { lazy, Suspense, useRef, useState } from 'react';
import { BellIcon } from '../../layout/icons';
import { uiMessages } from '../../ui-messages';
import { useNotifications } from './notification-store';
import { bellName, notificationSentence } from './notification-words';
import { useNotificationFeed } from './use-notification-feed';
import styles from './notification-bell.module.css';

// The panel (Radix Dialog, the list) loads on the bell's first opening, started early when the
// pointer or the focus reaches the bell: the bell itself is in every page's first load.
const loadPanel = () => import(/* webpackChunkName: "notification-panel" */ './notification-panel');
const NotificationPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel();

/** The top bar's bell, for ACTIVE accounts only: the others have no notifications to see. */
export default function NotificationBell() {
  const userId = useSession((state) =>
    state.token && state.user?.id && accountStatusOf(state.user) === 'ACTIVE' ? String(state.user.id) : null,
  );
  return userId ? <Bell key={userId} userId={userId} /> : null;
}

function Bell({ userId }: { userId: string }) {
  useNotificationFeed(userId);
  const unread = useNotifications((state) => state.unreadCount);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the panel can give the focus back when it closes.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = unread ? (unread > 99 ? '99+' : String(unread)) : null;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        // What the button shows, in words: "Notifications, 3 unread" (its number in it, WCAG 2.5.3).
        aria-label={bellName(shown)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => {
          setUsed(true);
          setOpen(!open);
        }}
      >
        <BellIcon className={styles.icon} />
        {shown ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
            {shown}
          </span>
        ) : null}
      </button>
      <PushAnnouncer />
      {used ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={setOpen} bell={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Says a pushed notification to screen readers as it arrives (a status, not an alert). */
function PushAnnouncer() {
  const pushed = useNotifications((state) => state.lastPushed);
  return (
    <span role="status" className={styles.visuallyHidden}>
      {pushed ? uiMessages.newNotification(notificationSentence(pushed)) : ''}
    </span>
  );
}
