import { lazyPart } from '../lazy-part';

// Who else is on the board is not what a cold board waits for: the faces, the store and the
// heartbeat are a chunk of their own, loaded once the board is drawn. Should the chunk not
// arrive, the header shows nobody (and tries again, as every lazy part does).
const part = lazyPart<{ boardId: string }>({
  load: async () => (await import(/* webpackChunkName: "presence" */ './presence-avatars')).BoardPresence,
  loading: () => null,
  failed: () => null,
});

export const BoardPresence = part.Part;
