import { sql } from 'drizzle-orm';
import { addDays, utcDay, type IssueDto, type ProgressWeek, type ProjectProgress } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';

// GET /projects/:key/progress: eight weeks of open and done issues, created and closed ones, and
// the median time from start to done, read from the issues' history. The history is made through
// the API and then dated: its rows take the database's own time (now()), which no service clock
// moves. The service's clock says which day the last week ends on.

const HOUR = 60 * 60 * 1000;
const TODAY = utcDay(new Date());
let later = 0;
const clock = { now: () => new Date(Date.now() + later) };
/** Moves the service's clock to `hours` after midnight UTC of `day` (it keeps ticking from there). */
const moveClockTo = (day: string, hours: number) => {
  later = Date.parse(`${day}T00:00:00Z`) + hours * HOUR - Date.now();
};

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
});
afterAll(() => t.close());
beforeEach(() => moveClockTo(TODAY, 12));

const progressOf = (g: GivenBoard, token = g.member.token) =>
  t.ok<ProjectProgress>(t.as(token).get(`/api/projects/${g.key}/progress`));
/** `days` before today at `hour` UTC. */
const daysAgo = (days: number, hour = 10) => new Date(Date.parse(`${addDays(TODAY, -days)}T00:00:00Z`) + hour * HOUR);

/**
 * Runs a step through the API, then dates what it wrote at `when`: the history rows it added and,
 * for an issue it created, the issue's creation.
 */
async function at<T>(when: Date, step: () => Promise<T>): Promise<T> {
  const [before] = await queryRows<{ last: string }>(
    t.database.db,
    sql`select coalesce(max(id), 0)::text as last from board.activity`,
  );
  const result = await step();
  const added = sql`select issue_id from board.activity where id > ${before!.last}::bigint and kind = 'created'`;
  await t.database.db.execute(
    sql`update board.issues set created_at = ${when.toISOString()}::timestamptz where id in (${added})`,
  );
  await t.database.db.execute(
    sql`update board.activity set created_at = ${when.toISOString()}::timestamptz where id > ${before!.last}::bigint`,
  );
  return result;
}

/** A project's board (To Do, In Progress, Done, and Review, a name that maps to no status) with its member's helpers. */
async function givenProject() {
  const g = await givenBoard(t);
  const review = await t.ok<{ id: string }>(
    t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Review' }),
  );
  const columnId = (name: string) => (name === 'Review' ? review.id : g.column(name).id);
  const create = (title: string, when: Date) => at(when, () => g.addIssue('To Do', title));
  const move = (issue: IssueDto, column: string, when: Date) =>
    at(when, () => t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { columnId: columnId(column) })));
  return { g, create, move };
}

const week = (end: string, open: number, done: number, created: number, closed: number): ProgressWeek => ({
  end,
  open,
  done,
  created,
  closed,
});

describe('a project’s progress', () => {
  it('counts open and done issues at each week’s end, those created and closed in it, and the median start to done', async () => {
    const { g, create, move } = await givenProject();
    // Before the eight weeks, and never moved: open all along, created in none of them.
    await create('Old', daysAgo(60));
    // 48 hours from In Progress to Done.
    const a = await create('A', daysAgo(40));
    await move(a, 'In Progress', daysAgo(38));
    await move(a, 'Done', daysAgo(36));
    // 96 hours.
    const b = await create('B', daysAgo(30));
    await move(b, 'In Progress', daysAgo(29));
    await move(b, 'Done', daysAgo(25));
    // Done, reopened and done again: from its first start to its last done, 288 hours; closed twice.
    const c = await create('C', daysAgo(20, 6));
    await move(c, 'In Progress', daysAgo(20, 8));
    await move(c, 'Done', daysAgo(19, 8));
    await move(c, 'In Progress', daysAgo(10));
    await move(c, 'Done', daysAgo(8, 8));
    // Never started: closed and done, but no start to measure from.
    const d = await create('D', daysAgo(15));
    await move(d, 'Done', daysAgo(14));
    // Started by leaving To Do for a column that maps to no status: 48 hours.
    const review = await create('I', daysAgo(12));
    await move(review, 'Review', daysAgo(11));
    await move(review, 'Done', daysAgo(9));
    // Open: one started, one not.
    const e = await create('E', daysAgo(5));
    await move(e, 'In Progress', daysAgo(3));
    await create('F', daysAgo(2));
    // Deleted: left out everywhere.
    const gone = await create('Gone', daysAgo(30));
    await move(gone, 'In Progress', daysAgo(29));
    await move(gone, 'Done', daysAgo(25, 11));
    expect((await t.as(g.lead.token).delete(`/api/issues/${gone.id}`)).status).toBe(204);

    expect(await progressOf(g)).toEqual({
      weeks: [
        week(addDays(TODAY, -49), 1, 0, 0, 0),
        week(addDays(TODAY, -42), 1, 0, 0, 0),
        week(addDays(TODAY, -35), 1, 1, 1, 1),
        week(addDays(TODAY, -28), 2, 1, 1, 0),
        week(addDays(TODAY, -21), 1, 2, 0, 1),
        week(addDays(TODAY, -14), 1, 4, 2, 2),
        week(addDays(TODAY, -7), 1, 5, 1, 2),
        week(TODAY, 3, 5, 2, 0),
      ],
      // 48, 48, 96, 288: halfway between the middle two.
      medianStartToDoneHours: 72,
      sampleSize: 4,
    });

    // A week on, the weeks end a week later: the oldest drops out and an empty one ends today.
    moveClockTo(addDays(TODAY, 7), 12);
    const aWeekOn = await progressOf(g);
    expect(aWeekOn.weeks.map((w) => w.end)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => addDays(TODAY, 7 * (n - 6))));
    expect(aWeekOn.weeks.at(-1)).toEqual(week(addDays(TODAY, 7), 3, 5, 0, 0));
    expect(aWeekOn.medianStartToDoneHours).toBe(72);
  });

  it('starts the clock at In Progress for work that passed through it, even by way of a column that maps to no status', async () => {
    const { g, create, move } = await givenProject();
    const issue = await create('Reviewed first', daysAgo(10));
    await move(issue, 'Review', daysAgo(9));
    await move(issue, 'In Progress', daysAgo(8));
    await move(issue, 'Done', daysAgo(7));
    const progress = await progressOf(g);
    expect([progress.medianStartToDoneHours, progress.sampleSize]).toEqual([24, 1]);
  });

  it('has eight empty weeks and no median for a project with nothing finished', async () => {
    const { g, create, move } = await givenProject();
    const started = await create('Started', daysAgo(3));
    await move(started, 'In Progress', daysAgo(2));
    const progress = await progressOf(g);
    expect(progress.weeks.map((w) => [w.open, w.done, w.created, w.closed])).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [1, 0, 1, 0],
    ]);
    expect([progress.medianStartToDoneHours, progress.sampleSize]).toEqual([null, 0]);
  });

  it('follows the column names the history holds, whatever the columns are called now', async () => {
    const { g, create, move } = await givenProject();
    const issue = await create('Renamed later', daysAgo(4));
    await move(issue, 'In Progress', daysAgo(4, 12));
    await move(issue, 'Done', daysAgo(3, 12));
    await t.ok(t.as(g.lead.token).put(`/api/columns/${g.column('In Progress').id}`, { name: 'Doing' }));
    const progress = await progressOf(g);
    expect([progress.medianStartToDoneHours, progress.sampleSize]).toEqual([24, 1]);
    expect(progress.weeks.at(-1)).toEqual(week(TODAY, 0, 1, 1, 1));
  });

  it('is read by members and admins, archived projects too; anyone else gets 404, no session 401', async () => {
    const { g } = await givenProject();
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/archive`));
    expect((await progressOf(g)).weeks).toHaveLength(8);
    expect((await progressOf(g, (await t.admin()).token)).sampleSize).toBe(0);
    const outsider = await t.as(g.outsider.token).get(`/api/projects/${g.key}/progress`);
    expect([outsider.status, await outsider.json()]).toEqual([404, { message: 'Project not found' }]);
    const missing = await t.as(g.member.token).get('/api/projects/NOSUCH/progress');
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Project not found' }]);
    expect((await t.as().get(`/api/projects/${g.key}/progress`)).status).toBe(401);
  });
});
