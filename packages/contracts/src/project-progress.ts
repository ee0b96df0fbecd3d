import { z } from 'zod';

// A project's progress (GET /api/projects/:key/progress), read from the board service's history.
// Weeks are seven UTC days ending on `end` (inclusive); the last ends today (the server's clock),
// each earlier one seven days before the next.

/** How many weeks the progress covers. */
export const PROGRESS_WEEKS = 8;

export const ProgressWeek = z.object({
  /** The week's last day, `YYYY-MM-DD` (UTC). */
  end: z.string(),
  /** Issues that existed and were not finished (Done, Closed) at the end of that day. */
  open: z.number().int(),
  /** Issues that were finished at the end of that day. */
  done: z.number().int(),
  /** Issues created during the week. */
  created: z.number().int(),
  /** Moves into a finished status during the week (an issue closed, reopened and closed again counts twice). */
  closed: z.number().int(),
});
export type ProgressWeek = z.infer<typeof ProgressWeek>;

/** `GET /api/projects/:key/progress`: eight weeks, oldest first, and how long finished work took. */
export const ProjectProgress = z.object({
  weeks: z.array(ProgressWeek).length(PROGRESS_WEEKS),
  /** The median of start-to-done times, in hours, of the finished issues that were started; null with none. */
  medianStartToDoneHours: z.number().nullable(),
  /** How many issues that median is taken over. */
  sampleSize: z.number().int(),
});
export type ProjectProgress = z.infer<typeof ProjectProgress>;
