import type { PresenceEvent } from '@trackboard/contracts';
import { givenBoard } from '../testing/given-board';
import { connect, join, until } from './testing/in-process';
import { replicasForSuite } from './testing/replicas';

// Presence between two board-service replicas as the app builds them (one database, a real
// Redis): the room sees each person by the name and picture their account has, read by the
// replica their page is on.

const replicas = replicasForSuite();

it('names the person as their account is now, across replicas, whatever the page says', async () => {
  const g = await givenBoard(replicas.t);
  await replicas.t.ok(replicas.t.as(g.lead.token).put('/api/users/profile', { name: 'Lea Renamed' }));
  const [leadPage, memberPage] = [await connect(replicas.a, g.lead), await connect(replicas.b, g.member)];
  for (const page of [leadPage, memberPage]) expect(await join(page, g.board.id)).toEqual({ ok: true });
  const heard: PresenceEvent[] = [];
  memberPage.on('presence', (event: PresenceEvent) => heard.push(event));

  leadPage.emit('presence', { boardId: g.board.id, issueId: null, name: 'Mallory' });
  await until(() => heard.length > 0, 'the lead’s presence on the other replica');
  expect(heard[0]!.user).toEqual({ id: g.lead.user.id, name: 'Lea Renamed', avatarUrl: null });
});
