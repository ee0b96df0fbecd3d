import { randomUUID } from 'node:crypto';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { BoardUpdatedEvent, DomainEvent, NotificationDto, NotificationPushedEvent } from '@trackboard/contracts';
import { givenBoard } from '../testing/given-board';
import { connect, join, until, update } from './testing/in-process';
import { replicasForSuite, type Replica } from './testing/replicas';

// The notification service stores a notification and records `notification.created`;
// every board replica hears it (the bus's `listen`) and pushes it to its own sockets of that
// user, in the user's room. Two replicas over one database and Redis (testing/replicas.ts).
//
// "Exactly once" without timers: a replica that sent the notification through the Redis adapter
// too (to the other replica's sockets) would have published it before it emitted it locally, so
// a board_updated marker each replica sends through the adapter afterwards arrives after any
// such copy; once both markers are in, every copy there was going to be has arrived.

const replicas = replicasForSuite();

/** What one socket receives: notifications, and the board markers' versions. */
function received(socket: ClientSocket) {
  const notifications: NotificationPushedEvent[] = [];
  const markers = new Set<number>();
  socket.on('notification', (event: NotificationPushedEvent) => void notifications.push(event));
  socket.on('board_updated', (event: BoardUpdatedEvent) => void markers.add(event.version));
  return { notifications, markers };
}

const notificationFor = (userId: string, unreadCount: number): DomainEvent => {
  const notification: NotificationDto = {
    id: String(Date.now()),
    kind: 'assigned',
    issueId: '7',
    issueKey: 'WEB-7',
    projectKey: 'WEB',
    title: 'Fix the login',
    excerpt: '',
    actor: { id: '1', name: 'Lea Lead' },
    createdAt: new Date().toISOString(),
    readAt: null,
  };
  return {
    type: 'notification.created',
    userId,
    notification,
    unreadCount,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
};

/** A marker from each replica through the adapter to the board's room; resolves once every socket has both. */
async function markersFromBoth(boardId: string, sockets: ReturnType<typeof received>[], a: Replica, b: Replica) {
  const [fromA, fromB] = [update(boardId), update(boardId)];
  a.realtime.emitBoardUpdated(fromA);
  b.realtime.emitBoardUpdated(fromB);
  await until(
    () => sockets.every((s) => s.markers.has(fromA.version) && s.markers.has(fromB.version)),
    'both markers at every socket',
  );
}

describe('a notification', () => {
  it('reaches each socket of its user, on either replica, exactly once, and no other user’s', async () => {
    const { a, b } = replicas;
    const given = await givenBoard(replicas.t);
    const [mineOnA, mineOnB, theirsOnA, theirsOnB] = [
      await connect(a, given.member),
      await connect(b, given.member),
      await connect(a, given.lead),
      await connect(b, given.lead),
    ];
    for (const socket of [mineOnA, mineOnB, theirsOnA, theirsOnB])
      expect(await join(socket, given.board.id)).toEqual({ ok: true });
    const [mine, theirs] = [
      [received(mineOnA), received(mineOnB)],
      [received(theirsOnA), received(theirsOnB)],
    ];

    const event = notificationFor(given.member.user.id, 3);
    await a.events.append(event);
    await until(() => mine.every((s) => s.notifications.length > 0), 'the notification at both of the user’s sockets');
    await markersFromBoth(given.board.id, [...mine, ...theirs], a, b);

    const { notification, unreadCount } = event as Extract<DomainEvent, { type: 'notification.created' }>;
    for (const socket of mine) expect(socket.notifications).toEqual([{ notification, unreadCount }]);
    for (const socket of theirs) expect(socket.notifications).toEqual([]);
  });
});
