import { randomUUID } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import {
  boardRoom,
  parsePresenceUpdate,
  PRESENCE_EXPIRY_MS,
  type ClientToServerEvents,
  type PresenceField,
  type PresenceUser,
  type ServerToClientEvents,
} from '@trackboard/contracts';
import type { Clock, Logger } from '@trackboard/server-kit';
import type { ReplicaEvents } from './rooms';

/** The name and picture shown for an account (a read, once per page and board: never per heartbeat). */
export type DescribeUser = (userId: string) => Promise<PresenceUser | null>;

type PresenceSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId: string }>;
type PresenceIo = Server<ClientToServerEvents, ServerToClientEvents, ReplicaEvents, { userId: string }>;

/** One page's presence on this replica: where it is, and when it last said so. */
type Entry = {
  key: string;
  boardId: string;
  issueId: string | null;
  editing: PresenceField | null;
  seenAt: number;
  user: Promise<PresenceUser | null>;
  /** The room has heard of this page on this board (so a leave is worth saying). */
  relayed: boolean;
};

export type PresenceOptions = {
  /** A page that has not said it is here for this long has left (tests shorten it). */
  presenceExpiryMs?: number;
};

/**
 * Who is on which board, for this replica's sockets only, in memory: a page says where it is
 * (`presence`) when it joins, when that changes and every heartbeat, and the room hears it
 * through the adapter, so every replica's clients see everyone without any replica knowing
 * them all. Who the page is comes from its socket's session; its name and picture are read
 * once when it arrives on a board. A page that disconnects, leaves the board or falls silent
 * for `presenceExpiryMs` is said to have left. Clients forget a page not heard of for as long,
 * which covers a replica that died without saying so.
 */
export function createPresence({
  io,
  describeUser,
  clock,
  log,
  presenceExpiryMs = PRESENCE_EXPIRY_MS,
}: PresenceOptions & { io: PresenceIo; describeUser: DescribeUser; clock: Clock; log: Logger }) {
  const entries = new Map<string, Entry>(); // by socket id

  const sayLeft = (entry: Entry) => {
    if (entry.relayed)
      io.to(boardRoom(entry.boardId)).emit('presence_left', { boardId: entry.boardId, key: entry.key });
  };
  const forget = (socketId: string) => {
    const entry = entries.get(socketId);
    if (!entry) return;
    entries.delete(socketId);
    sayLeft(entry);
  };

  // Shared by every socket (called with the socket as `this`): no closure per socket.
  async function announce(this: PresenceSocket, update: unknown) {
    const parsed = parsePresenceUpdate(update);
    const room = parsed && boardRoom(parsed.boardId);
    // Only on a board its room let this socket into: the room is whom the update goes to.
    if (!parsed || !this.rooms.has(room!)) return;
    const previous = entries.get(this.id);
    const sameBoard = previous?.boardId === parsed.boardId;
    if (previous && !sameBoard) sayLeft(previous);
    const entry: Entry = {
      key: previous?.key ?? randomUUID(),
      ...parsed,
      seenAt: clock.now().getTime(),
      user: sameBoard ? previous.user : describeUser(this.data.userId),
      relayed: sameBoard ? previous.relayed : false,
    };
    entries.set(this.id, entry);
    let user: PresenceUser | null;
    try {
      user = await entry.user;
    } catch (err) {
      log.warn({ err }, 'presence: could not read who the user is');
      user = null;
    }
    // A newer update, a leave or a disconnect came meanwhile: that one is what counts.
    if (entries.get(this.id) !== entry) return;
    if (!user) {
      entries.delete(this.id); // the next heartbeat asks again
      return;
    }
    this.to(room!).emit('presence', {
      key: entry.key,
      boardId: entry.boardId,
      issueId: entry.issueId,
      editing: entry.editing,
      user,
      joined: !entry.relayed,
    });
    entry.relayed = true;
  }
  function disconnected(this: PresenceSocket) {
    forget(this.id);
  }

  // One pass over this replica's pages, not a timer per page.
  const sweep = setInterval(
    () => {
      const stale = clock.now().getTime() - presenceExpiryMs;
      for (const [socketId, entry] of entries) if (entry.seenAt <= stale) forget(socketId);
    },
    Math.max(10, Math.floor(presenceExpiryMs / 6)),
  );
  sweep.unref();

  return {
    /** Listens to the socket's presence updates and says it left when it disconnects. */
    attach(socket: PresenceSocket) {
      socket.on('presence', announce);
      socket.on('disconnect', disconnected);
    },
    /** The socket left that board's room (or was taken out of it): the room hears it left. */
    left(socketId: string, boardId: string) {
      if (entries.get(socketId)?.boardId === boardId) forget(socketId);
    },
    close: () => clearInterval(sweep),
  };
}
