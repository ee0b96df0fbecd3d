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
  /** A notification for this socket's user (issue #14); every socket joins its user's room on connect. */
  notification: (event: NotificationPushedEvent) => void;
}
export interface ClientToServerEvents {
  join_board_room: (room: string, ack?: (answer: JoinAck) => void) => void;
  leave_board_room: (room: string, ack?: (answer: JoinAck) => void) => void;
}
