/**
 * The time, as a dependency (`createAuthApp({ db, mailer, clock, … })`), so a
 * test can hold it still or move it on; main and the platform pass the system clock.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
