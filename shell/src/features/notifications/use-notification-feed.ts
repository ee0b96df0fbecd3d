import { socketManager } from '@trackboard/web-kit';
import { useEffect } from 'react';
import {
  loadNotifications,
  notificationPushed,
  refreshUnreadCount,
  startNotifications,
  useNotifications,
} from './notification-store';

/** A focus and a visibility change come together when a tab is brought back: ask once. */
const QUIET_MS = 1000;

/**
 * Keeps the signed-in user's notifications live: pushed ones arrive through the
 * app's one socket (the server puts every socket in its user's room); the count is asked for
 * again when the window comes back to the front and after every (re)connection, which is when
 * a push may have been missed. An open panel's list is refreshed at the same moments.
 */
export function useNotificationFeed(userId: string): void {
  useEffect(() => {
    startNotifications(userId);
    let last = Date.now();
    const catchUp = () => {
      if (Date.now() - last < QUIET_MS) return;
      last = Date.now();
      if (useNotifications.getState().items !== null) void loadNotifications();
      else void refreshUnreadCount();
    };
    const onVisible = () => document.visibilityState === 'visible' && catchUp();
    const offPush = socketManager.onNotification(notificationPushed);
    const offConnect = socketManager.onConnect(() => {
      last = 0;
      catchUp();
    });
    window.addEventListener('focus', catchUp);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offPush();
      offConnect();
      window.removeEventListener('focus', catchUp);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);
}
