// Blueprint §4: the board realtime protocol, shared by the board service and the browser.
import type { NotificationPushedEvent } from './notifications';
import { parseId } from './rules';

export const SOCKET_PATH = '/socket.io';
const ROOM_PREFIX = 'board_';
export const boardRoom = (boardId: string | number) => `${ROOM_PREFIX}${boardId}`;

/** The board id a room name stands for, or null when it names no board. */
export function parseBoardRoom(room: unknown): number | null {
  if (typeof room !== 'string' || !room.startsWith(ROOM_PREFIX)) return null;
  return parseId(room.slice(ROOM_PREFIX.length));
}

export type BoardUpdatedEvent<Issue = unknown, Label = unknown> = {
  boardId: string;
  version: number;
  /** The changed issues, or the whole board when `complete` is true. */
  issues: Issue[];
  removedIssueIds?: string[];
  complete: boolean;
  /** Lets the client that made the change ignore its own echo (the X-Origin-Id it sent). */
  originId?: string;
  /** Columns were added, renamed, reordered or removed: refetch the board. */
  columnsChanged?: boolean;
  /** The board's labels changed: here they all are. */
  labels?: Label[];
  /** Who made an issue edit: an issue dialog open on it says who changed a field being edited. */
  actor?: { id: string; name: string };
};

/**
 * A comment of an issue was added, edited, removed or reacted to: an open dialog of that issue
 * reloads its comments. The card's `commentCount` arrives in board_updated as usual.
 */
export type CommentChangedEvent = { boardId: string; issueId: string; commentCount: number; originId?: string };

/** The header a client sends with its changes, echoed as `originId` in board_updated. */
export const ORIGIN_HEADER = 'x-origin-id';

export type JoinAck = { ok: true } | { ok: false; message: string };

export interface ServerToClientEvents {
  board_updated: (event: BoardUpdatedEvent) => void;
  comment_changed: (event: CommentChangedEvent) => void;
  /** A notification for this socket's user; every socket joins its user's room on connect. */
  notification: (event: NotificationPushedEvent) => void;
  /** Someone in the board room is here, or changed what they look at (relayed from their `presence`). */
  presence: (event: PresenceEvent) => void;
  /** That page left the board: it closed, left the room or stopped saying it is here. */
  presence_left: (event: PresenceLeftEvent) => void;
}
export interface ClientToServerEvents {
  join_board_room: (room: string, ack?: (answer: JoinAck) => void) => void;
  leave_board_room: (room: string, ack?: (answer: JoinAck) => void) => void;
  /** This page is on a joined board (and in one of its issues): on join, on change and every heartbeat. */
  presence: (update: PresenceUpdate) => void;
}

// Presence: who else is on a board or in an issue. Ephemeral: each replica keeps its own sockets'
// in memory and relays through the board room, so nothing is stored and no replica owns it all.

/** The issue dialog's click-to-edit fields, whose editing is shown to the others in the issue. */
export const presenceFields = ['title', 'description', 'relatedCode', 'links', 'instructions'] as const;
export type PresenceField = (typeof presenceFields)[number];

/** How often a page says it is still there, and how long it counts as there without saying so. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_EXPIRY_MS = 30_000;

/** What a page says about itself; who it is comes from its socket's session, never from here. */
export type PresenceUpdate = { boardId: string; issueId?: string | null; editing?: PresenceField | null };

/** Who is there, as the server knows them (no e-mail: the room sees a name and a face). */
export type PresenceUser = { id: string; name: string; avatarUrl: string | null };

export type PresenceEvent = {
  boardId: string;
  /** One page (socket): a person with two tabs has two keys, and counts once. */
  key: string;
  user: PresenceUser;
  issueId: string | null;
  editing: PresenceField | null;
  /** The page just arrived: the others say they are here too, so it learns who is. */
  joined: boolean;
};
export type PresenceLeftEvent = { boardId: string; key: string };

/** A client's update, checked: ids are ids, editing is one of the fields and only within an issue. */
export function parsePresenceUpdate(value: unknown): Required<PresenceUpdate> | null {
  if (!value || typeof value !== 'object') return null;
  const { boardId, issueId, editing } = value as Record<string, unknown>;
  if (typeof boardId !== 'string' || !parseId(boardId)) return null;
  if (issueId != null && (typeof issueId !== 'string' || !parseId(issueId))) return null;
  if (editing != null && !presenceFields.includes(editing as PresenceField)) return null;
  const issue = (issueId as string | null | undefined) ?? null;
  return { boardId, issueId: issue, editing: issue ? ((editing as PresenceField | null | undefined) ?? null) : null };
}
