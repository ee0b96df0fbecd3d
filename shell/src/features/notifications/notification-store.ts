import type { NotificationDto, NotificationPushedEvent } from '@trackboard/contracts';
import { errorReason } from '@trackboard/web-kit';
import { create } from 'zustand';
import { uiMessages } from '../../ui-messages';
import { notificationsApi, PANEL_PAGE_SIZE } from './notifications-api';

export const notificationTexts = {
  get loadFailed() {
    return uiMessages.notificationsLoadFailed;
  },
  get markFailed() {
    return uiMessages.notificationsMarkFailed;
  },
};

export interface NotificationState {
  /** Whose notifications these are: a new sign-in starts afresh. */
  userId: string | null;
  /** Unknown (null) until the service first answers. */
  unreadCount: number | null;
  /** The panel's list, newest first; null until the panel first loads it. */
  items: NotificationDto[] | null;
  hasOlder: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
  /** The latest notification pushed while this page was open (said to screen readers). */
  lastPushed: NotificationDto | null;
}

const initial = (userId: string | null): NotificationState => ({
  userId,
  unreadCount: null,
  items: null,
  hasOlder: false,
  loading: false,
  loadingOlder: false,
  error: null,
  lastPushed: null,
});

export const useNotifications = create<NotificationState>()(() => initial(null));
const set = useNotifications.setState;
const get = useNotifications.getState;

/**
 * Bumped by every change made here (a push, a mark): an answer to a request that started
 * before it may not overwrite the count with an older one.
 */
let changes = 0;

/** Ids are decimal bigints: the longer is the newer, then the larger. */
const newerFirst = (a: NotificationDto, b: NotificationDto) =>
  b.id.length - a.id.length || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);

/** One list from two, newest first; an item read on either side stays read (reading is for good). */
function merged(a: NotificationDto[], b: NotificationDto[]): NotificationDto[] {
  const byId = new Map(a.map((item) => [item.id, item]));
  for (const item of b) {
    const known = byId.get(item.id);
    byId.set(item.id, known && !item.readAt ? { ...item, readAt: known.readAt } : item);
  }
  return [...byId.values()].sort(newerFirst);
}

/** Starts (or restarts for another user) and asks for the unread count. */
export function startNotifications(userId: string): void {
  if (get().userId !== userId) {
    changes++;
    set(initial(userId), true);
  }
  void refreshUnreadCount();
}

export async function refreshUnreadCount(): Promise<void> {
  const { userId } = get();
  const asked = changes;
  try {
    const unreadCount = await notificationsApi.unreadCount();
    if (get().userId === userId && changes === asked) set({ unreadCount });
  } catch (error) {
    // The bell stays as it was: a count is not worth an error on every page.
    console.warn('Could not refresh the notification count', error);
  }
}

/** The panel's first page (again): what is newest, merged with what arrived meanwhile. */
export async function loadNotifications(): Promise<void> {
  const { userId } = get();
  const asked = changes;
  set({ loading: true, error: null });
  try {
    const page = await notificationsApi.page();
    if (get().userId !== userId) return;
    const { items, hasOlder } = get();
    // Older pages loaded before stay below the fresh first page.
    set({
      items: merged(items ?? [], page.notifications),
      hasOlder: items === null ? page.notifications.length === PANEL_PAGE_SIZE : hasOlder,
      loading: false,
      ...(changes === asked ? { unreadCount: page.unreadCount } : {}),
    });
  } catch (error) {
    if (get().userId === userId) set({ loading: false, error: errorReason(error, notificationTexts.loadFailed) });
  }
}

export async function loadOlderNotifications(): Promise<void> {
  const { userId, items, loadingOlder } = get();
  const oldest = items?.[items.length - 1];
  if (!oldest || loadingOlder) return;
  set({ loadingOlder: true, error: null });
  try {
    const page = await notificationsApi.page(oldest.id);
    if (get().userId !== userId) return;
    set({
      items: merged(get().items ?? [], page.notifications),
      hasOlder: page.notifications.length === PANEL_PAGE_SIZE,
      loadingOlder: false,
    });
  } catch (error) {
    if (get().userId === userId) set({ loadingOlder: false, error: errorReason(error, notificationTexts.loadFailed) });
  }
}

/** A notification the server pushed (the `notification` socket event): its count is the truth. */
export function notificationPushed({ notification, unreadCount }: NotificationPushedEvent): void {
  changes++;
  const { items } = get();
  set({ unreadCount, items: items ? merged(items, [notification]) : null, lastPushed: notification });
}

const readNow = (item: NotificationDto, at: string) => (item.readAt ? item : { ...item, readAt: at });

/** Marks one read at once on screen, then on the server (its answer's count wins if nothing changed since). */
export async function markNotificationRead(id: string): Promise<void> {
  const { items, unreadCount } = get();
  const item = items?.find((each) => each.id === id);
  if (item?.readAt) return;
  const asked = ++changes;
  const at = new Date().toISOString();
  set({
    items: items ? items.map((each) => (each.id === id ? readNow(each, at) : each)) : null,
    unreadCount: unreadCount === null ? null : Math.max(0, unreadCount - 1),
  });
  try {
    const answer = await notificationsApi.markRead([id]);
    if (changes === asked && typeof answer?.unreadCount === 'number') set({ unreadCount: answer.unreadCount });
  } catch (error) {
    console.warn('Could not mark a notification read', error);
    void refreshUnreadCount();
  }
}

export async function markAllNotificationsRead(): Promise<void> {
  const { items } = get();
  const asked = ++changes;
  const at = new Date().toISOString();
  set({ items: items ? items.map((item) => readNow(item, at)) : null, unreadCount: 0, error: null });
  try {
    const answer = await notificationsApi.markAllRead();
    if (changes === asked && typeof answer?.unreadCount === 'number') set({ unreadCount: answer.unreadCount });
  } catch (error) {
    // Nothing was marked: show the server's list as it is, under the reason.
    const message = errorReason(error, notificationTexts.markFailed);
    changes++;
    try {
      const page = await notificationsApi.page();
      set({
        items: page.notifications,
        hasOlder: page.notifications.length === PANEL_PAGE_SIZE,
        unreadCount: page.unreadCount,
        error: message,
      });
    } catch {
      set({ error: message });
    }
  }
}

/** Forget everything (tests; a sign-out is seen as another user id). */
export function resetNotifications(): void {
  changes++;
  set(initial(null), true);
}
