// The one way a journey waits for something it cannot await directly (the server's side of a
// change, a file another process writes, a metric, a process coming up): ask again until the
// condition holds, and fail with what was awaited once it does not in time. Never a fixed sleep.

export type PollOptions = {
  /** Give up after this long (default 15 s). */
  timeoutMs?: number;
  /** What is awaited, for the error message. */
  what?: string;
  /** A condition that throws counts as "not yet" (a server still starting, a file not yet written). */
  retryOnError?: boolean;
};

/** A condition that did not hold in time. */
export class PollTimeout extends Error {}

/** How long to leave between two reads of a condition. */
const POLL_INTERVAL_MS = 50;

/** Asks `condition` until it answers something truthy, and resolves to that answer. */
export async function until<T>(
  condition: () => T | Promise<T>,
  { timeoutMs = 15_000, what = 'the condition', retryOnError = false }: PollOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (error) {
      if (!retryOnError) throw error;
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new PollTimeout(`waited ${timeoutMs} ms for ${what}${why}`);
    }
    // A pause between two reads of a polled condition, not a wait for time itself.
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Polls until `read()` equals `expected` (then the last reading is asserted, for a readable diff). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const want = JSON.stringify(expected);
  let last: T | undefined;
  await until(
    async () => {
      last = await read();
      return JSON.stringify(last) === want;
    },
    { timeoutMs, what: want },
  ).catch((error: unknown) => {
    // In time or not, the assertion below says what was read last; anything else is a failure of its own.
    if (!(error instanceof PollTimeout)) throw error;
  });
  expect(last).toEqual(expected);
}
