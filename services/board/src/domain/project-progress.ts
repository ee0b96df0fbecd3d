import { and, eq, sql } from 'drizzle-orm';
import {
  PROGRESS_WEEKS,
  finishedStatuses,
  mappedStatus,
  utcDay,
  type ProgressWeek,
  type ProjectProgress,
} from '@trackboard/contracts';
import { queryRows, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { activity } from '../db/schema';
import type { Access } from './access';

// A project's progress, read from its issues' history (board.activity's status rows, which name
// the columns as they were called then) and board.issues; deleted issues are left out.
//
// - Weeks: seven UTC days each; the last ends today (the service's clock), every earlier one
//   seven days before the next, so the chart always ends on the day it is looked at.
// - Open and done: each issue's status at the end of a week's last day. An issue begins in the
//   status of the column it was created in (the first move's `from`, or its status now if it never
//   moved); a move into a column whose name maps to a status sets it; one into a column that maps
//   to none keeps it (statusInColumn).
// - Closed: moves from an unfinished status into a finished one (Done, Closed) in the week.
// - Start to done, for issues finished now: done is the last move into a finished status; started
//   is the first move into In Progress, or, for work that never passed through it, the first move
//   out of To Do or Backlog into a column that maps to no status ("Doing", "Review"). An issue
//   never started (To Do straight to Done) is left out of the median and of `sampleSize`.

/** The history's column names mapped to the statuses they stand for, by the one rule (column-status.ts). */
const statusesOf = (names: string[]) =>
  Object.fromEntries(
    names.flatMap((name) => {
      const status = mappedStatus(name);
      return status ? [[name, status]] : [];
    }),
  );

const finished = sql.join(
  finishedStatuses.map((s) => sql`${s}`),
  sql`, `,
);

export function createProjectProgress(db: Db, access: Access, clock: Clock) {
  /**
   * The column names the project's status history holds (a few per board), read before the
   * history itself: they are mapped here, in TypeScript, as the rule's trim() and toUpperCase()
   * are not SQL's btrim() and upper() for every name.
   */
  async function columnNames(projectId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ from: activity.fromValue, to: activity.toValue })
      .from(activity)
      .where(and(eq(activity.projectId, projectId), eq(activity.kind, 'moved'), eq(activity.field, 'status')));
    return [...new Set(rows.flatMap((r) => [r.from, r.to]).filter((name): name is string => name !== null))];
  }

  return {
    /** GET /projects/:key/progress. */
    async of(user: AuthUser, key: string): Promise<ProjectProgress> {
      // An archived project's progress is still read.
      const { id: projectId } = await access.projectByKey(user, key);
      const statuses = JSON.stringify(statusesOf(await columnNames(projectId)));
      const today = utcDay(clock.now());
      // One statement, so the history below is read and stepped through once for both answers.
      const [progress] = await queryRows<{ weeks: ProgressWeek[]; median: number | null; size: number }>(
        db,
        sql`with
        names as (select key as name, value as status from jsonb_each_text(${statuses}::jsonb)),
        live as (
          select id, status, created_at from board.issues
          where project_id = ${projectId} and deleted_at is null
        ),
        moves as (
          select a.issue_id, a.id, a.created_at as at, f.status as from_status, t.status as to_status,
                 live.status as status_now
          from board.activity a
          join live on live.id = a.issue_id
          left join names f on f.name = a.from_value
          left join names t on t.name = a.to_value
          where a.project_id = ${projectId} and a.kind = 'moved' and a.field = 'status'
        ),
        -- Each issue's first move: its from is the column the issue was created in.
        first_moves as (
          select distinct on (issue_id) issue_id, id, from_status from moves
          order by issue_id, at, id
        ),
        -- Where each issue began: a column that maps to no status gives a new issue To Do (statusForColumn).
        initial as (
          select l.id as issue_id, l.created_at as at,
                 case when f.id is null then l.status else coalesce(f.from_status, 'TODO') end as status
          from live l
          left join first_moves f on f.issue_id = l.id
        ),
        -- What set each issue's status: its beginning (ordered first), then each move into a column
        -- that maps to a status (one that maps to none keeps it).
        changes as (
          select issue_id, at, 0::bigint as seq, status from initial
          union all
          select issue_id, at, id, to_status from moves where to_status is not null
        ),
        -- Each status an issue took, with the one before it and when the next one came (null while
        -- it still holds), so a week's snapshot is a filter rather than a search per week.
        steps as (
          select issue_id, at, seq, status,
                 lag(status) over issue_order as before,
                 lead(at) over issue_order as next_at
          from changes
          window issue_order as (partition by issue_id order by at, seq)
        ),
        closings as (
          select issue_id, at, seq from steps
          where seq > 0 and status in (${finished}) and before not in (${finished})
        ),
        -- Materialised, so each week's bounds are worked out once rather than for every row compared with them.
        weeks as materialized (
          select n, d as end_day,
                 ((d + 1)::timestamp at time zone 'UTC') as upto,
                 ((d - 6)::timestamp at time zone 'UTC') as since
          from generate_series(0, ${PROGRESS_WEEKS - 1}) n,
               lateral (select ${today}::date - 7 * (${PROGRESS_WEEKS - 1} - n) as d) day
        ),
        week_rows as (
          select to_char(w.end_day, 'YYYY-MM-DD') as "end", snap.open, snap.done,
                 (select count(*)::int from live where created_at >= w.since and created_at < w.upto) as created,
                 (select count(*)::int from closings where at >= w.since and at < w.upto) as closed
          from weeks w
          -- An issue's status at the week's end is the step it took last before then: the one that
          -- began before the end and was not followed by another before it.
          cross join lateral (
            select count(*) filter (where status not in (${finished}))::int as open,
                   count(*) filter (where status in (${finished}))::int as done
            from steps
            where at < w.upto and (next_at is null or next_at >= w.upto)
          ) snap
        ),
        -- The moves that may start the work on an issue finished now (the header's rule), beside
        -- every closing, in one list: a window over it finds what a join would, and with no join
        -- the planner cannot pick a nested loop from a CTE's low row estimate.
        starts_and_closings as (
          select issue_id, at, id as seq, to_status = 'IN_PROGRESS' as into_progress, false as closing
          from moves
          where status_now in (${finished})
            and (to_status = 'IN_PROGRESS' or (from_status in ('TODO', 'BACKLOG') and to_status is null))
          union all
          select issue_id, at, seq, null, true from closings
        ),
        -- Each possible start with its issue's last closing (done), kept when a closing follows it.
        starts as (
          select issue_id, at, seq, into_progress, done_at from (
            select *,
                   max(at) filter (where closing) over (partition by issue_id) as done_at,
                   bool_or(closing) over (
                     partition by issue_id order by at, seq rows between current row and unbounded following
                   ) as closed_after
            from starts_and_closings
          ) marked
          where not closing and closed_after
        ),
        -- An issue's start is the first of its possible starts, in the order below; one with none is left out.
        durations as (
          select distinct on (issue_id) extract(epoch from (done_at - at))::float8 / 3600 as hours
          from starts
          order by issue_id, into_progress desc nulls last, at, seq
        )
        select (select json_agg(w order by w."end") from week_rows w) as weeks,
               percentile_cont(0.5) within group (order by hours) as median, count(*)::int as size
        from durations`,
      );
      // An aggregate without a group answers one row, with a null median when nothing was finished.
      return { weeks: progress!.weeks, medianStartToDoneHours: progress!.median, sampleSize: progress!.size };
    },
  };
}
export type ProjectProgressReader = ReturnType<typeof createProjectProgress>;
