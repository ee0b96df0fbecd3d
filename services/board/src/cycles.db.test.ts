import {
  addDays,
  firstCycleStart,
  utcDay,
  type BulkEditResult,
  type CycleReport,
  type IssueActivityDto,
  type IssueDto,
  type ProjectCycles,
} from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { issueEventTypes, listenToEvents, type EventListener } from './testing/domain-events';
import { recordEvents } from './testing/recorded-events';

// Cycles: a project's consecutive time boxes, planned ahead, an issue in one at most; when one
// ends, its unfinished issues roll over to the next. The service's clock is moved on here to
// cross a cycle's end; each test starts from today.

const HOUR = 60 * 60 * 1000;
let later = 0;
const clock = { now: () => new Date(Date.now() + later) };
const today = () => utcDay(clock.now());

let t: TestPlatform;
let rooms: ReturnType<typeof recordEvents>;
let events: EventListener;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
  rooms = recordEvents(t);
  events = listenToEvents(t);
});
afterAll(() => t.close());
beforeEach(() => {
  later = 0;
});

const plan = (g: GivenBoard, body: unknown, token = g.lead.token) =>
  t.as(token).put(`/api/projects/${g.key}/cycles`, body);
const cyclesOf = (g: GivenBoard) => t.ok<ProjectCycles>(t.as(g.member.token).get(`/api/projects/${g.key}/cycles`));
const report = (g: GivenBoard, cycleId: string) =>
  t.ok<CycleReport>(t.as(g.member.token).get(`/api/cycles/${cycleId}`));
const history = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${issue.id}/activity`));
const cycleRows = (rows: IssueActivityDto[]) =>
  rows.filter((row) => row.field === 'cycle').map((row) => [row.actor.name, row.from, row.to]);
const setCycle = (g: GivenBoard, issue: { id: string }, cycleId: string | null) =>
  t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { cycleId }));
const refusal = async (res: Response) => ({ status: res.status, body: (await res.json()) as { message: string } });
/** Moves the service's clock to `hours` after (or before, when negative) midnight UTC of `day`. */
const moveClockTo = (day: string, hours: number) => {
  later = Date.parse(`${day}T00:00:00Z`) + hours * HOUR - Date.now();
};

async function boardWithCycles(settings: { weeks?: number; startDay?: number } = {}) {
  const g = await givenBoard(t);
  const planned = await t.ok<ProjectCycles>(plan(g, { enabled: true, ...settings }));
  return { g, planned };
}

describe('a project’s cycles', () => {
  it('are off until the lead turns them on; then the cycle running today and two after it are planned', async () => {
    const g = await givenBoard(t);
    expect(await cyclesOf(g)).toEqual({
      projectKey: g.key,
      settings: { enabled: false, weeks: 2, startDay: 1 },
      cycles: [],
    });
    const planned = await t.ok<ProjectCycles>(plan(g, { enabled: true, weeks: 2, startDay: 3 }));
    const first = firstCycleStart(today(), 3);
    expect(planned.settings).toEqual({ enabled: true, weeks: 2, startDay: 3 });
    expect(planned.cycles.map((c) => [c.name, c.startsOn, c.endsOn, c.state])).toEqual([
      ['Cycle 1', first, addDays(first, 14), 'current'],
      ['Cycle 2', addDays(first, 14), addDays(first, 28), 'upcoming'],
      ['Cycle 3', addDays(first, 28), addDays(first, 42), 'upcoming'],
    ]);
    expect(new Date(`${first}T00:00:00Z`).getUTCDay()).toBe(3);
    expect(await cyclesOf(g)).toEqual(planned);
  });

  it('take their plan from the lead or an admin only, and say which part of a plan is wrong', async () => {
    const g = await givenBoard(t);
    expect(await refusal(await plan(g, { enabled: true }, g.member.token))).toEqual({
      status: 403,
      body: { message: "Only the project lead or an administrator can change the project's cycles." },
    });
    expect((await plan(g, { enabled: true }, g.outsider.token)).status).toBe(404);
    expect((await plan(g, { enabled: true }, (await t.admin()).token)).status).toBe(200);
    for (const [body, message] of [
      [{ weeks: 5 }, 'weeks: must be a whole number of weeks from 1 to 4'],
      [{ weeks: 1.5 }, 'weeks: must be a whole number of weeks from 1 to 4'],
      [{ startDay: 0 }, 'startDay: must be a weekday from 1 (Monday) to 7 (Sunday)'],
      [{ enabled: 'yes' }, 'enabled: must be true or false'],
    ] as const) {
      const res = await refusal(await plan(g, body));
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await cyclesOf(g)).settings).toEqual({ enabled: true, weeks: 2, startDay: 1 });
  });

  it('re-plan the cycles that have not started when the length or start day changes; the running one keeps its dates', async () => {
    const { g, planned } = await boardWithCycles({ weeks: 2, startDay: 1 });
    const [current, second, third] = planned.cycles;
    const replanned = await t.ok<ProjectCycles>(plan(g, { weeks: 1, startDay: 5 }));
    expect(replanned.cycles.map((c) => [c.id, c.startsOn, c.endsOn])).toEqual([
      [current!.id, current!.startsOn, current!.endsOn],
      // The first after it re-aligns on Friday (shorter than a week at most by six days), the next is a week.
      [second!.id, current!.endsOn, firstCycleStart(addDays(current!.endsOn, 7), 5)],
      [
        third!.id,
        firstCycleStart(addDays(current!.endsOn, 7), 5),
        addDays(firstCycleStart(addDays(current!.endsOn, 7), 5), 7),
      ],
    ]);
  });

  it('hold an issue in one cycle at most: put in, moved to another, taken out, each a history row', async () => {
    const { g, planned } = await boardWithCycles();
    const [first, second] = planned.cycles;
    const issue = await g.addIssue('To Do', 'Plan me');
    expect((await setCycle(g, issue, first!.id)).cycleId).toBe(first!.id);
    expect((await setCycle(g, issue, second!.id)).cycleId).toBe(second!.id);
    expect((await setCycle(g, issue, null)).cycleId).toBeNull();
    expect(cycleRows(await history(g, issue))).toEqual([
      ['Max Member', 'Cycle 2', null],
      ['Max Member', 'Cycle 1', 'Cycle 2'],
      ['Max Member', null, 'Cycle 1'],
    ]);
    const made = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'Born planned',
        cycleId: second!.id,
      }),
    );
    expect(made.cycleId).toBe(second!.id);
    const after = await cyclesOf(g);
    expect(after.cycles.map((c) => c.scope.issues)).toEqual([0, 1, 0]);
  });

  it('refuse a cycle of another project, one that has ended, and any while they are off', async () => {
    const { g, planned } = await boardWithCycles();
    const other = await boardWithCycles();
    const issue = await g.addIssue('To Do', 'Mine');
    const patch = (cycleId: string) => t.as(g.member.token).patch(`/api/issues/${issue.id}`, { cycleId });
    const notOpen = {
      status: 400,
      body: { message: "cycleId: must be a current or upcoming cycle of the issue's project" },
    };
    expect(await refusal(await patch(other.planned.cycles[0]!.id))).toEqual(notOpen);
    expect(await refusal(await patch('999999'))).toEqual(notOpen);
    // Past the first cycle's end: it has ended.
    moveClockTo(planned.cycles[0]!.endsOn, 1);
    expect(await refusal(await patch(planned.cycles[0]!.id))).toEqual(notOpen);
    later = 0;
    await t.ok(plan(g, { enabled: false }));
    const off = await refusal(await patch(planned.cycles[1]!.id));
    expect([off.status, off.body.message]).toEqual([
      400,
      "cycleId: must be null while the project has no cycles (its lead can turn them on in the project's settings)",
    ]);
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).cycleId).toBeNull();
  });

  it('roll unfinished issues over to the next cycle once one ends — not before, and only once', async () => {
    const { g, planned } = await boardWithCycles({ weeks: 1 });
    const [first, second] = planned.cycles;
    const [open, started, done] = [
      await g.addIssue('To Do', 'Open'),
      await g.addIssue('In Progress', 'Started'),
      await g.addIssue('Done', 'Finished'),
    ];
    for (const issue of [open, started, done]) await setCycle(g, issue, first!.id);

    moveClockTo(first!.endsOn, -1);
    await t.platform.cycles.advance();
    expect((await report(g, first!.id)).issues.map((i) => i.title)).toEqual(['Open', 'Started', 'Finished']);

    const told = rooms.of(g.board.id).length;
    const mark = await events.mark();
    moveClockTo(first!.endsOn, 1);
    await t.platform.cycles.advance();
    await t.platform.cycles.advance(); // a second replica's tick finds nothing left to do
    const ended = await report(g, first!.id);
    expect([ended.state, ended.issues.map((i) => i.title)]).toEqual(['past', ['Finished']]);
    const next = await report(g, second!.id);
    expect([next.state, next.issues.map((i) => i.title)]).toEqual(['current', ['Open', 'Started']]);
    for (const issue of [open, started])
      expect(cycleRows(await history(g, issue))).toEqual([
        ['Trackboard', 'Cycle 1', 'Cycle 2'],
        ['Max Member', null, 'Cycle 1'],
      ]);
    expect(cycleRows(await history(g, done))).toEqual([['Max Member', null, 'Cycle 1']]);
    // The board's room heard the roll-over once, with both issues in their new cycle.
    const heard = rooms.of(g.board.id).slice(told);
    expect(heard.map((e) => e.issues.map((i) => [i.title, i.cycleId]))).toEqual([
      [
        ['Open', second!.id],
        ['Started', second!.id],
      ],
    ]);
    // Each moved issue's update is an event (webhooks see it), by Trackboard itself, as one bulk
    // change with no summary: nobody is notified of it.
    const rolled = (await events.of(mark, ...issueEventTypes)).filter((e) => e.boardId === g.board.id);
    const cycleOf = (c: typeof first) => ({ id: c!.id, number: c!.number, startsOn: c!.startsOn, endsOn: c!.endsOn });
    expect(rolled.map((e) => [e.type, e.issueKey, e.actorId, 'changes' in e && e.changes])).toEqual(
      [open, started].map((issue) => [
        'issue.updated',
        issue.key,
        '0',
        { cycle: { from: cycleOf(first), to: cycleOf(second) } },
      ]),
    );
    expect(new Set(rolled.map((e) => e.bulkId)).size).toBe(1);
    expect(await events.of(mark, 'issues.bulk_updated')).toEqual([]);
    // Still two cycles planned after the running one.
    expect((await cyclesOf(g)).cycles.map((c) => c.state)).toEqual(['past', 'current', 'upcoming', 'upcoming']);
    // An ended cycle takes no issue, but a bulk edit's Undo (`each`) may put one back where it was.
    const bulk = (body: object) => t.as(g.member.token).post('/api/issues/bulk', { ids: [open.id], ...body });
    expect((await bulk({ set: { cycleId: first!.id } })).status).toBe(400);
    const undone = await t.ok<BulkEditResult>(bulk({ each: { [open.id]: { cycleId: first!.id } } }));
    expect(undone.updated.map((i) => i.cycleId)).toEqual([first!.id]);
  });

  it('count each cycle’s issues, finished and started, in issues and points', async () => {
    const { g, planned } = await boardWithCycles();
    await t.ok(t.as(g.lead.token).put(`/api/projects/${g.key}`, { estimateScale: 'points' }));
    const cycleId = planned.cycles[0]!.id;
    const made = [
      await g.addIssue('To Do', 'One'),
      await g.addIssue('In Progress', 'Two'),
      await g.addIssue('Done', 'Three'),
    ];
    const bulk = await t.ok<BulkEditResult>(
      t.as(g.member.token).post('/api/issues/bulk', { ids: made.map((i) => i.id), set: { cycleId, estimate: 3 } }),
    );
    expect(bulk.updated.map((i) => i.cycleId)).toEqual([cycleId, cycleId, cycleId]);
    await t.ok(t.as(g.member.token).patch(`/api/issues/${made[0]!.id}`, { estimate: 5 }));
    const cycle = (await cyclesOf(g)).cycles[0]!;
    expect([cycle.scope, cycle.done, cycle.started]).toEqual([
      { issues: 3, points: 11 },
      { issues: 1, points: 3 },
      { issues: 1, points: 3 },
    ]);
    // Its report counts the same.
    const { burnUp, ...reported } = await report(g, cycleId);
    expect([reported.scope, reported.done, reported.started]).toEqual([cycle.scope, cycle.done, cycle.started]);
    // The burn-up's last day is today: all three in scope, one finished; none before today.
    expect(burnUp.at(-1)).toEqual({ date: today(), scope: { issues: 3, points: 11 }, done: { issues: 1, points: 3 } });
    expect(burnUp.map((day) => day.date)[0]).toBe(planned.cycles[0]!.startsOn);
    expect(burnUp.slice(0, -1).every((day) => day.scope.issues === 0)).toBe(true);
  });

  it('show a cycle to the project’s members only, and leave with their project', async () => {
    const { g, planned } = await boardWithCycles();
    const cycleId = planned.cycles[0]!.id;
    expect((await t.as(g.outsider.token).get(`/api/cycles/${cycleId}`)).status).toBe(404);
    expect((await t.as(g.outsider.token).get(`/api/projects/${g.key}/cycles`)).status).toBe(404);
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/archive`));
    expect((await plan(g, { weeks: 3 })).status).toBe(409);
    expect((await t.as(g.member.token).get(`/api/cycles/${cycleId}`)).status).toBe(200);
  });
});
