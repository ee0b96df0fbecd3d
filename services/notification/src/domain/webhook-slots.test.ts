import { deliveriesToStart, SLOTS, SLOTS_PER_TARGET, type InFlight } from './webhook-slots';
import type { ClaimedDelivery } from './webhook-outcomes';

const due = (webhookId: number, url: string, id = `d${webhookId}`) =>
  ({ delivery: { id }, webhook: { id: webhookId, url } }) as unknown as ClaimedDelivery;
const idle: InFlight = { perTarget: new Map(), webhooks: new Set(), taken: 0 };
const ids = (chosen: ClaimedDelivery[]) => chosen.map((c) => c.delivery.id);

describe('which due deliveries start', () => {
  it('starts one per webhook, oldest first, up to the free slots', () => {
    const many = Array.from({ length: SLOTS + 3 }, (_, i) => due(i, `https://r${i}.example/hook`));
    expect(ids(deliveriesToStart(many, idle))).toEqual(ids(many.slice(0, SLOTS)));
    expect(ids(deliveriesToStart(many, { ...idle, taken: SLOTS - 2 }))).toEqual(['d0', 'd1']);
  });

  it('gives one receiver at most its share of the slots, whatever the path', () => {
    const sameHost = [1, 2, 3].map((i) => due(i, `https://slow.example/hook/${i}`));
    const other = due(9, 'https://fast.example/hook');
    expect(ids(deliveriesToStart([...sameHost, other], idle))).toEqual(['d1', 'd2', 'd9']);
    const busy = { ...idle, perTarget: new Map([['https://slow.example', SLOTS_PER_TARGET]]), taken: 2 };
    expect(ids(deliveriesToStart([...sameHost, other], busy))).toEqual(['d9']);
  });

  it('holds back a webhook’s delivery while another of its is in flight', () => {
    const inFlight = { ...idle, webhooks: new Set([1]), taken: 1 };
    expect(ids(deliveriesToStart([due(1, 'https://a.example/'), due(2, 'https://b.example/')], inFlight))).toEqual([
      'd2',
    ]);
  });
});
