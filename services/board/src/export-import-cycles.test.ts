import {
  addDays,
  firstCycleStart,
  utcDay,
  type CycleReport,
  type ProjectCycles,
  type ProjectExport,
} from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';

// Cycles through an export and an import of our own format: the plan, every cycle with its
// number and days, and each issue in its cycle by number; then the timer plans on from them. The
// service's clock is moved on here to cross a cycle's end; each test starts from today.

const HOUR = 60 * 60 * 1000;
let later = 0;
const clock = { now: () => new Date(Date.now() + later) };
const today = () => utcDay(clock.now());
/** Moves the service's clock to `hours` after midnight UTC of `day`. */
const moveClockTo = (day: string, hours: number) => {
  later = Date.parse(`${day}T00:00:00Z`) + hours * HOUR - Date.now();
};

let t: TestPlatform;
let io: ReturnType<typeof transfer>;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
  io = transfer(t);
});
afterAll(() => t.close());
beforeEach(() => {
  later = 0;
});

/** A project with two-week cycles starting on Wednesdays: one issue in the running cycle, one in the next, one in none. */
async function givenCycledProject() {
  const g = await givenBoard(t);
  const planned = await t.ok<ProjectCycles>(
    t.as(g.lead.token).put(`/api/projects/${g.key}/cycles`, { enabled: true, weeks: 2, startDay: 3 }),
  );
  const [running, next] = planned.cycles;
  const now = await g.addIssue('To Do', 'Now');
  const soon = await g.addIssue('To Do', 'Soon');
  await g.addIssue('To Do', 'Some day');
  await t.ok(t.as(g.member.token).patch(`/api/issues/${now.id}`, { cycleId: running!.id }));
  await t.ok(t.as(g.member.token).patch(`/api/issues/${soon.id}`, { cycleId: next!.id }));
  return { g, planned };
}

const cyclesOf = (token: string, key: string) => t.ok<ProjectCycles>(t.as(token).get(`/api/projects/${key}/cycles`));
/** Each cycle of the project by name, with its days, state and the titles of its issues. */
async function cycleContents(token: string, key: string) {
  const { settings, cycles } = await cyclesOf(token, key);
  const contents = [];
  for (const cycle of cycles) {
    const report = await t.ok<CycleReport>(t.as(token).get(`/api/cycles/${cycle.id}`));
    contents.push([cycle.name, cycle.startsOn, cycle.endsOn, cycle.state, report.issues.map((i) => i.title)]);
  }
  return { settings, contents };
}

const importDoc = (token: string, doc: unknown, strict?: 'true') =>
  io.importFile(
    token,
    { format: 'trackboard', key: freshKey('C'), name: 'Cycled', ...(strict && { strict }) },
    JSON.stringify(doc),
  );

const issuesOf = (doc: ProjectExport) => doc.boards.flatMap((b) => b.columns.flatMap((c) => c.issues));

describe('cycles in an export', () => {
  it('carry the plan, every cycle by number and each issue’s cycle number', async () => {
    const { g, planned } = await givenCycledProject();
    const doc = await io.exportJson(g.lead.token, g.key);
    expect(doc.project.cyclePlan).toEqual({ enabled: true, weeks: 2, startDay: 3 });
    expect(doc.project.cycles).toEqual(
      planned.cycles.map((c) => ({ number: c.number, startsOn: c.startsOn, endsOn: c.endsOn, rolledOver: false })),
    );
    expect(issuesOf(doc).map((i) => [i.title, i.cycle])).toEqual([
      ['Now', 1],
      ['Soon', 2],
      ['Some day', null],
    ]);
  });

  it('come back in an import: the same plan, numbers and days, each issue in the cycle of its number', async () => {
    const { g } = await givenCycledProject();
    const before = await cycleContents(g.lead.token, g.key);
    expect(before.contents).toEqual([
      ['Cycle 1', expect.any(String), expect.any(String), 'current', ['Now']],
      ['Cycle 2', expect.any(String), expect.any(String), 'upcoming', ['Soon']],
      ['Cycle 3', expect.any(String), expect.any(String), 'upcoming', []],
    ]);
    const job = await importDoc(g.lead.token, await io.exportJson(g.lead.token, g.key));
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(job.summary!.warnings).toEqual([]);
    expect(await cycleContents(g.lead.token, job.projectKey)).toEqual(before);
    const again = await io.exportJson(g.lead.token, job.projectKey);
    expect(issuesOf(again).map((i) => [i.title, i.cycle])).toEqual([
      ['Now', 1],
      ['Soon', 2],
      ['Some day', null],
    ]);

    // The timer plans on from the imported cycles, and rolls the running one over once it ends.
    const ends = before.contents[0]![2] as string;
    moveClockTo(ends, 1);
    await t.platform.cycles.advance();
    const { contents } = await cycleContents(g.lead.token, job.projectKey);
    expect(contents.map(([name, , , state, titles]) => [name, state, titles])).toEqual([
      ['Cycle 1', 'past', []],
      ['Cycle 2', 'current', ['Now', 'Soon']],
      ['Cycle 3', 'upcoming', []],
      ['Cycle 4', 'upcoming', []],
    ]);
    expect(contents[3]!.slice(1, 3)).toEqual([contents[2]![2], addDays(contents[2]![2] as string, 14)]);
  });

  it('that ended long ago come back as they were; the timer starts again from this week, numbering on', async () => {
    const { g } = await givenCycledProject();
    const doc = await io.exportJson(g.lead.token, g.key);
    // Ten weeks earlier: every cycle has ended; the first was rolled over, the others not yet.
    doc.project.cycles = doc.project.cycles.map((c) => ({
      ...c,
      startsOn: addDays(c.startsOn, -70),
      endsOn: addDays(c.endsOn, -70),
      rolledOver: c.number === 1,
    }));
    const job = await importDoc(g.lead.token, doc);
    expect(job.status).toBe('succeeded');
    expect((await cycleContents(g.lead.token, job.projectKey)).contents.map((c) => [c[0], c[3], c[4]])).toEqual([
      ['Cycle 1', 'past', ['Now']],
      ['Cycle 2', 'past', ['Soon']],
      ['Cycle 3', 'past', []],
    ]);

    await t.platform.cycles.advance();
    await t.platform.cycles.advance(); // a second tick changes nothing
    const first = firstCycleStart(today(), 3);
    const { contents } = await cycleContents(g.lead.token, job.projectKey);
    expect(contents.map(([name, startsOn, endsOn, state, titles]) => [name, startsOn, endsOn, state, titles])).toEqual([
      ['Cycle 1', expect.any(String), expect.any(String), 'past', ['Now']],
      ['Cycle 2', expect.any(String), expect.any(String), 'past', []],
      ['Cycle 3', expect.any(String), expect.any(String), 'past', []],
      ['Cycle 4', first, addDays(first, 14), 'current', ['Soon']],
      ['Cycle 5', addDays(first, 14), addDays(first, 28), 'upcoming', []],
      ['Cycle 6', addDays(first, 28), addDays(first, 42), 'upcoming', []],
    ]);
  });
});

describe('an import of a file', () => {
  it('made before cycles travelled imports as before: no plan, no cycles', async () => {
    const { g } = await givenCycledProject();
    const doc = await io.exportJson(g.lead.token, g.key);
    const { cyclePlan: _plan, cycles: _cycles, ...project } = doc.project;
    const old = {
      ...doc,
      project,
      boards: doc.boards.map((b) => ({
        ...b,
        columns: b.columns.map((c) => ({ ...c, issues: c.issues.map(({ cycle: _cycle, ...issue }) => issue) })),
      })),
    };
    const job = await importDoc(g.lead.token, old);
    expect(job).toMatchObject({ status: 'succeeded', processed: 3, error: null });
    expect(job.summary!.warnings).toEqual([]);
    expect(await cyclesOf(g.lead.token, job.projectKey)).toEqual({
      projectKey: job.projectKey,
      settings: { enabled: false, weeks: 2, startDay: 1 },
      cycles: [],
    });
    await t.platform.cycles.advance();
    expect((await cyclesOf(g.lead.token, job.projectKey)).cycles).toEqual([]);
  });

  it('naming a cycle it does not have imports the issue without a cycle, with a warning (an error when strict)', async () => {
    const { g } = await givenCycledProject();
    const doc = await io.exportJson(g.lead.token, g.key);
    doc.boards[0]!.columns[0]!.issues[1]!.cycle = 9;
    const job = await importDoc(g.lead.token, doc);
    expect(job.status).toBe('succeeded');
    expect(job.summary!.warnings).toEqual([
      'boards[0].columns[0].issues[1].cycle: Cycle 9 is not a cycle of the file; imported without its cycle',
    ]);
    expect((await cycleContents(g.lead.token, job.projectKey)).contents.map((c) => [c[0], c[4]])).toEqual([
      ['Cycle 1', ['Now']],
      ['Cycle 2', []],
      ['Cycle 3', []],
    ]);

    const strict = await importDoc(g.lead.token, doc, 'true');
    expect(strict.status).toBe('failed');
    expect(strict.error).toMatchObject({ field: 'boards[0].columns[0].issues[1].cycle' });
  });

  it('with two cycles of one number, or a cycle ending before it starts, fails naming them', async () => {
    const { g } = await givenCycledProject();
    const doc = await io.exportJson(g.lead.token, g.key);
    doc.project.cycles[2]!.number = 2;
    const twice = await importDoc(g.lead.token, doc);
    expect(twice.status).toBe('failed');
    expect(twice.error!.message).toBe('project.cycles[2].number: appears twice');

    doc.project.cycles[2]!.number = 3;
    doc.project.cycles[2]!.endsOn = doc.project.cycles[2]!.startsOn;
    (doc.project.cyclePlan as { weeks: number }).weeks = 5;
    const wrong = await importDoc(g.lead.token, doc);
    expect(wrong.error!.errors!.map((e) => e.message)).toEqual([
      'project.cyclePlan.weeks: must be a whole number of weeks from 1 to 4',
      'project.cycles[2].endsOn: must end after it starts',
    ]);
  });
});
