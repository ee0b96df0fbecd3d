import { PRESENCE_HEARTBEAT_MS, presenceFields, type PresenceField } from '@trackboard/contracts';
import { socketManager, useSession } from '@trackboard/web-kit';
import { useEffect, useMemo } from 'react';
import { ownUpdate, presentPeople, usePresenceStore } from './presence-store';

/** How often this page looks for others gone silent. */
const EXPIRY_CHECK_MS = 1_000;

/**
 * While a board is shown, this page tells the board's room it is there: once the room is
 * joined (again after a reconnect), whenever its issue or edited field changes, when it is shown
 * again, and every PRESENCE_HEARTBEAT_MS; and it answers a newcomer so the newcomer learns who is
 * there. Closing the page is told by the server (the socket goes).
 */
export function useBoardPresence(boardId: string | undefined) {
  useEffect(() => {
    if (!boardId) return;
    const store = usePresenceStore;
    store.getState().enterBoard(boardId);
    const send = () => {
      const update = ownUpdate(store.getState());
      if (update?.boardId === boardId) socketManager.sendPresence(update);
    };
    const offJoined = socketManager.onRoomJoined((joined) => (joined === boardId ? send() : undefined));
    const offHeard = socketManager.onPresence((event) => {
      if (event.boardId !== boardId) return;
      store.getState().heard(event, Date.now());
      if (event.joined) send();
    });
    const offLeft = socketManager.onPresenceLeft((event) =>
      event.boardId === boardId ? store.getState().left(event.key) : undefined,
    );
    const offChange = store.subscribe((now, before) => {
      if (now.issueId !== before.issueId || now.editing !== before.editing) send();
    });
    // Throttled timers in a hidden tab may skip heartbeats: say so at once when shown again.
    const onVisible = () => (document.visibilityState === 'visible' ? send() : undefined);
    document.addEventListener('visibilitychange', onVisible);
    const heartbeat = setInterval(send, PRESENCE_HEARTBEAT_MS);
    const expiry = setInterval(() => store.getState().expire(Date.now()), EXPIRY_CHECK_MS);
    // The room may be joined already (the page's room hook ran first): the server drops it otherwise.
    send();
    return () => {
      offJoined();
      offHeard();
      offLeft();
      offChange();
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(heartbeat);
      clearInterval(expiry);
      store.getState().leaveBoard(boardId);
    };
  }, [boardId]);
}

/** While the issue's dialog shows it, this page is in that issue. */
export function useIssuePresence(issueId: string) {
  useEffect(() => {
    usePresenceStore.getState().viewIssue(issueId);
    return () => {
      if (usePresenceStore.getState().issueId === issueId) usePresenceStore.getState().viewIssue(null);
    };
  }, [issueId]);
}

/**
 * Tells the others in the open issue that this page edits `field` while `editing` is true.
 * One call in each editor: `usePresenceEditing('title', edit.editing)`.
 */
export function usePresenceEditing(field: PresenceField | null, editing: boolean) {
  useEffect(() => {
    if (!field || !editing) return;
    setEditingField(field);
    return () => {
      if (usePresenceStore.getState().editing === field) setEditingField(null);
    };
  }, [field, editing]);
}

/** The field an editor of the issue dialog stands for, by its label ("Related Code" → relatedCode); null for others. */
export function presenceFieldOf(label: string): PresenceField | null {
  const field = label.replace(/\s+(\w)/g, (_, first: string) => first.toUpperCase());
  const camel = field.charAt(0).toLowerCase() + field.slice(1);
  return (presenceFields as readonly string[]).includes(camel) ? (camel as PresenceField) : null;
}

/** The same, for code that is no component: the field this page now edits in its open issue, or null. */
export const setEditingField = (field: PresenceField | null) => usePresenceStore.getState().setEditing(field);

/** The others on the board (`issueId`: in that issue), each once, the viewer left out. */
export function usePresentPeople(issueId?: string) {
  const viewerId = useSession((s) => s.user?.id);
  const pages = usePresenceStore((s) => s.pages);
  return useMemo(() => presentPeople(pages, viewerId, issueId), [pages, viewerId, issueId]);
}
