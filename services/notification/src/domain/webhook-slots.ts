import type { ClaimedDelivery } from './webhook-outcomes';

/**
 * Deliveries one sender has in flight at once. Sends wait on receivers, not on this process, so
 * a handful side by side costs little, and a receiver that never answers holds one slot for its
 * timeout instead of holding up every other project's deliveries behind it.
 */
export const SLOTS = 8;
/** Of those, at most this many to one receiver (scheme, host and port), so one slow receiver can't take them all. */
export const SLOTS_PER_TARGET = 2;

/** What a receiver is counted as: deliveries to one origin share its slots, whatever the path. */
export const targetOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

export type InFlight = {
  /** Deliveries of each target in flight. */
  perTarget: ReadonlyMap<string, number>;
  /** Webhooks with a delivery in flight: their next one waits for it. */
  webhooks: ReadonlySet<number>;
  /** Slots taken. */
  taken: number;
};

/**
 * Which of the due deliveries (oldest first, at most one per webhook: the next of each) start
 * now: as many as there are free slots, skipping a webhook with one in flight and a target
 * with all of its slots taken. The rest stay queued for when a slot frees.
 */
export function deliveriesToStart(due: ClaimedDelivery[], inFlight: InFlight): ClaimedDelivery[] {
  const perTarget = new Map(inFlight.perTarget);
  const webhooks = new Set(inFlight.webhooks);
  const chosen: ClaimedDelivery[] = [];
  for (const item of due) {
    if (inFlight.taken + chosen.length >= SLOTS) break;
    const target = targetOf(item.webhook.url);
    if (webhooks.has(item.webhook.id) || (perTarget.get(target) ?? 0) >= SLOTS_PER_TARGET) continue;
    webhooks.add(item.webhook.id);
    perTarget.set(target, (perTarget.get(target) ?? 0) + 1);
    chosen.push(item);
  }
  return chosen;
}
