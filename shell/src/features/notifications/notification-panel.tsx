import * as Dialog from '@radix-ui/react-dialog';
import { issuePath, mentionsAsText, type NotificationDto } from '@trackboard/contracts';
import { MessageBox, RelativeTime } from '@trackboard/web-kit';
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import {
  loadNotifications,
  loadOlderNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  useNotifications,
} from './notification-store';
import { uiMessages } from '../../ui-messages';
import { notificationHref, quotesExcerpt, whatHappened } from './notification-words';
import { notificationsApi } from './notifications-api';
import styles from './notification-panel.module.css';

/** Where a notification leads: the issue's deep link (its board found by its key), or the project. */
async function destinationOf(notification: NotificationDto): Promise<string> {
  if (!notification.issueKey) return notificationHref(notification);
  try {
    const issue = await notificationsApi.issueByKey(notification.issueKey);
    return issuePath(issue.boardId, issue.key);
  } catch {
    // /issues/{key} says what went wrong (a 404 page, or the error), as a shared link would.
    return notificationHref(notification);
  }
}

/**
 * The bell's panel: the newest notifications, unread ones marked, each leading to its
 * issue (and marked read on the way); "Mark all as read"; older pages on demand. A Radix dialog:
 * the focus stays inside, Escape or a click outside closes it and the focus goes back to the bell.
 */
export default function NotificationPanel({
  open,
  onOpenChange,
  bell,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  bell: RefObject<HTMLButtonElement | null>;
}) {
  const navigate = useNavigate();
  const { items, loading, error, hasOlder, loadingOlder, unreadCount } = useNotifications(
    useShallow(({ items, loading, error, hasOlder, loadingOlder, unreadCount }) => ({
      items,
      loading,
      error,
      hasOlder,
      loadingOlder,
      unreadCount,
    })),
  );
  // Set when a notification was followed: the page it leads to takes the focus, not the bell.
  const leaving = useRef(false);

  useEffect(() => {
    if (!open) return;
    leaving.current = false;
    void loadNotifications();
  }, [open]);

  const follow = async (notification: NotificationDto) => {
    leaving.current = true;
    void markNotificationRead(notification.id);
    onOpenChange(false);
    navigate(await destinationOf(notification));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!leaving.current) bell.current?.focus();
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{uiMessages.notifications}</Dialog.Title>
            <button
              type="button"
              className={styles.markAll}
              disabled={!unreadCount}
              onClick={() => void markAllNotificationsRead()}
            >
              {uiMessages.markAllRead}
            </button>
            <Dialog.Close className={styles.close} aria-label={uiMessages.close}>
              ×
            </Dialog.Close>
          </header>
          {error ? <MessageBox tone="error">{error}</MessageBox> : null}
          {items === null ? (
            loading ? (
              <p className={styles.note} role="status">
                {uiMessages.loadingNotifications}
              </p>
            ) : null
          ) : items.length === 0 ? (
            <p className={styles.note}>{uiMessages.noNotifications}</p>
          ) : (
            <ul className={styles.list} aria-label={uiMessages.notifications}>
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onFollow={follow} />
                </li>
              ))}
            </ul>
          )}
          {items?.length && hasOlder ? (
            <button
              type="button"
              className={styles.older}
              disabled={loadingOlder}
              onClick={() => void loadOlderNotifications()}
            >
              {loadingOlder ? uiMessages.loadingNotifications : uiMessages.showOlder}
            </button>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A plain click follows it here; a modified or middle click opens the link as links do. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function NotificationItem({
  notification,
  onFollow,
}: {
  notification: NotificationDto;
  onFollow(notification: NotificationDto): void;
}) {
  const unread = !notification.readAt;
  const excerpt = quotesExcerpt(notification.kind) ? mentionsAsText(notification.excerpt).trim() : '';
  return (
    <a
      href={notificationHref(notification)}
      className={styles.item}
      data-unread={unread}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onFollow(notification);
      }}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.body}>
        <span className={styles.line}>
          {unread ? <span className={styles.visuallyHidden}>{`${uiMessages.unread} `}</span> : null}
          <span className={styles.actor}>{notification.actor.name}</span> {whatHappened(notification)}
        </span>
        <span className={styles.subject}>
          <span className={styles.key}>{notification.issueKey ?? notification.projectKey}</span> {notification.title}
        </span>
        {excerpt ? <span className={styles.excerpt}>{excerpt}</span> : null}
        <RelativeTime at={notification.createdAt} className={styles.time} />
      </span>
    </a>
  );
}
