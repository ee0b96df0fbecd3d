import { cycleLastDay, type CycleDto } from '@trackboard/contracts';
import { dateTimeFormat } from '@trackboard/web-kit';
import { text } from '../../ui-messages';

// The words of the cycles' section on the project page and of a cycle's page.

// A cycle's days are calendar dates: the same day wherever it is read.
const dayOf = (date: string) =>
  dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
// 2024-01-01 was a Monday: start day 1 (Monday) to 7 (Sunday) are the days from it.
const weekdayName = (startDay: number) =>
  dateTimeFormat({ weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, startDay)));

export const cycleTexts = {
  get title() {
    return text('cyclesTitle');
  },
  get hint() {
    return text('cyclesHint');
  },
  get off() {
    return text('cyclesOff');
  },
  get enabled() {
    return text('cyclesEnabled');
  },
  get weeks() {
    return text('cyclesWeeks');
  },
  weeksOption: (weeks: number) => text.plural('cycleWeeks', weeks),
  get startDay() {
    return text('cyclesStartDay');
  },
  startDayName: weekdayName,
  get save() {
    return text('cyclesSave');
  },
  get saved() {
    return text('cyclesSaved');
  },
  failed: (reason: string) => text('cyclesFailed', { reason }),
  get saveDefault() {
    return text('cyclesSaveDefault');
  },
  get loading() {
    return text('cyclesLoading');
  },
  get loadFailed() {
    return text('cyclesLoadFailed');
  },
  dates: (cycle: Pick<CycleDto, 'startsOn' | 'endsOn'>) => `${dayOf(cycle.startsOn)} – ${dayOf(cycleLastDay(cycle))}`,
  state: {
    get past() {
      return text('cycleStatePast');
    },
    get current() {
      return text('cycleStateCurrent');
    },
    get upcoming() {
      return text('cycleStateUpcoming');
    },
  } as Record<CycleDto['state'], string>,
  progress: (cycle: CycleDto) => text('cycleProgress', { done: cycle.done.issues, scope: cycle.scope.issues }),
  earlier: (count: number) => text.plural('earlierCycles', count),
  // The cycle's page.
  get cycleNotFound() {
    return text('cycleNotFound');
  },
  get scope() {
    return text('cycleScope');
  },
  get done() {
    return text('cycleDone');
  },
  get started() {
    return text('cycleStarted');
  },
  points: (points: number) => text.plural('cyclePoints', points),
  issuesCount: (issues: number) => text.plural('issueCount', issues),
  get measure() {
    return text('cycleMeasure');
  },
  get measureIssues() {
    return text('cycleMeasureIssues');
  },
  get measurePoints() {
    return text('cycleMeasurePoints');
  },
  get burnUp() {
    return text('burnUp');
  },
  burnUpDescription: (name: string, measure: string) => text('burnUpDescription', { name, measure }),
  get burnUpEmpty() {
    return text('burnUpEmpty');
  },
  get dayColumn() {
    return text('burnUpDay');
  },
  get issuesTitle() {
    return text('cycleIssuesTitle');
  },
  get noIssues() {
    return text('noCycleIssues');
  },
  columns: {
    get key() {
      return text('cycleColumnKey');
    },
    get title() {
      return text('cycleColumnTitle');
    },
    get status() {
      return text('cycleColumnStatus');
    },
    get assignee() {
      return text('cycleColumnAssignee');
    },
    get estimate() {
      return text('cycleColumnEstimate');
    },
  },
  get unassigned() {
    return text('unassigned');
  },
};
