import {
  PRESENCE_EXPIRY_MS,
  type PresenceEvent,
  type PresenceField,
  type PresenceUpdate,
  type PresenceUser,
} from '@trackboard/contracts';
import { create } from 'zustand';

/** Another page on this board, as last heard of. */
export type SeenPage = PresenceEvent & { seenAt: number };

export type PresenceState = {
  /** The board this page is on, and the issue open in it: what it tells the others. */
  boardId: string | null;
  issueId: string | null;
  /** The field this page edits, in `issueId`. */
  editing: PresenceField | null;
  /** The other pages on the board, by key (one per page: a person with two tabs has two). */
  pages: Record<string, SeenPage>;
  enterBoard(boardId: string): void;
  leaveBoard(boardId: string): void;
  viewIssue(issueId: string | null): void;
  setEditing(field: PresenceField | null): void;
  heard(event: PresenceEvent, now: number): void;
  left(key: string): void;
  /** Forgets the pages not heard of for PRESENCE_EXPIRY_MS (their replica may be gone without a word). */
  expire(now: number): void;
};

// Presence is not board data: a store of its own, so the board's store and its tests know nothing of it.
export const usePresenceStore = create<PresenceState>()((set, get) => ({
  boardId: null,
  issueId: null,
  editing: null,
  pages: {},
  // The issue is the dialog's to set and clear: on an issue's own link it may open before this.
  enterBoard: (boardId) => set({ boardId, pages: {} }),
  leaveBoard: (boardId) => {
    if (get().boardId === boardId) set({ boardId: null, pages: {} });
  },
  viewIssue: (issueId) => {
    if (get().issueId !== issueId) set({ issueId, editing: null });
  },
  setEditing: (field) => set((s) => ({ editing: s.issueId ? field : null })),
  heard: (event, now) => {
    if (event.boardId !== get().boardId) return;
    set((s) => ({ pages: { ...s.pages, [event.key]: { ...event, seenAt: now } } }));
  },
  left: (key) => {
    if (!(key in get().pages)) return;
    set((s) => {
      const { [key]: _gone, ...pages } = s.pages;
      return { pages };
    });
  },
  expire: (now) => {
    const pages = Object.values(get().pages);
    const fresh = pages.filter((page) => now - page.seenAt < PRESENCE_EXPIRY_MS);
    if (fresh.length < pages.length) set({ pages: Object.fromEntries(fresh.map((page) => [page.key, page])) });
  },
}));

/** What this page says about itself. */
export const ownUpdate = ({ boardId, issueId, editing }: PresenceState): PresenceUpdate | null =>
  boardId ? { boardId, issueId, editing: issueId ? editing : null } : null;

export type Present = { user: PresenceUser; editing: PresenceField | null };

/**
 * The people on the board (or in `issueId`), each once however many pages they have open, in
 * the order they came, without the viewer. Editing, if any of their pages there edits a field.
 */
export function presentPeople(
  pages: Record<string, SeenPage>,
  viewerId: string | undefined,
  issueId?: string,
): Present[] {
  const people = new Map<string, Present>();
  for (const page of Object.values(pages)) {
    if (page.user.id === viewerId || (issueId !== undefined && page.issueId !== issueId)) continue;
    const known = people.get(page.user.id);
    people.set(page.user.id, { user: page.user, editing: known?.editing ?? page.editing });
  }
  return [...people.values()];
}
