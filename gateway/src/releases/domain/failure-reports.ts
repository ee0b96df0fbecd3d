import type { RemoteLoadFailure } from '@trackboard/contracts';
import type { RateLimiter } from '@trackboard/server-kit';
import type { ReleaseTable } from './release-table';

// Failure reports are open to anyone (the shell reports before sign-in too), so what they count is
// bounded: one report per visitor or user per canary a minute is all the admin page needs (a
// page reloaded in a loop counts once), and an address sending more than 30 a minute is refused
// (made-up visitor ids each count once, but not past this; an office behind one address has room).
const REPORTS_PER_ADDRESS = { limit: 30, windowSeconds: 60 };
const REPORT_PER_REPORTER = { limit: 1, windowSeconds: 60 };

/** A report is taken (counted, or a repeat not counted again: null) or refused for a while. */
export type ReportOutcome = { retryAfterSeconds: number } | null;

/** The shell's reports that a canary failed to load, counted per canary version. */
export function createFailureReports(table: ReleaseTable, limiter: RateLimiter) {
  return {
    /**
     * `reporter` finds the signed-in user or the visitor cookie, looked up only for a report the
     * address limit lets through; before sign-in and before the first /remotes.json (no cookie
     * yet) the address stands for the visitor.
     */
    async report(
      address: string,
      reporter: () => Promise<string | null>,
      { remote, version, message }: RemoteLoadFailure,
    ): Promise<ReportOutcome> {
      const { limit, windowSeconds } = REPORTS_PER_ADDRESS;
      if (!(await limiter.hit(`release-failures:ip:${address}`, limit, windowSeconds)))
        return { retryAfterSeconds: windowSeconds };
      const once = REPORT_PER_REPORTER;
      const who = (await reporter()) ?? `address:${address}`;
      // Answered alike either way: a repeat is simply not counted again.
      if (await limiter.hit(`release-failures:${remote}:${version}:${who}`, once.limit, once.windowSeconds))
        await table.recordFailure(remote, version, message ?? null);
      return null;
    },
  };
}
export type FailureReports = ReturnType<typeof createFailureReports>;
