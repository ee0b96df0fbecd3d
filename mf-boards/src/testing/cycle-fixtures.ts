import type { CycleDto, ProjectCycles } from '@trackboard/contracts';

// A project's cycles as GET /api/projects/WEB/cycles answers them, for tests that stand in for
// the server. Their days are in 2031, so the labels show the year ("Mar 3, 2031").

const none = { issues: 0, points: 0 };

export function cycle(number: number, state: CycleDto['state'], startsOn: string, endsOn: string): CycleDto {
  return {
    id: String(40 + number),
    number,
    name: `Cycle ${number}`,
    startsOn,
    endsOn,
    state,
    scope: none,
    done: none,
    started: none,
  };
}

/** Cycles 1 and 2 ended (ids 41, 42), 3 running (43), 4 and 5 planned (44, 45): two weeks each. */
export function projectCycles(fields: Partial<ProjectCycles> = {}): ProjectCycles {
  return {
    projectKey: 'WEB',
    settings: { enabled: true, weeks: 2, startDay: 1 },
    cycles: [
      cycle(1, 'past', '2031-02-03', '2031-02-17'),
      cycle(2, 'past', '2031-02-17', '2031-03-03'),
      cycle(3, 'current', '2031-03-03', '2031-03-17'),
      cycle(4, 'upcoming', '2031-03-17', '2031-03-31'),
      cycle(5, 'upcoming', '2031-03-31', '2031-04-14'),
    ],
    ...fields,
  };
}

/** The route the board's cycles are asked for at. */
export const CYCLES_ROUTE = 'GET /api/projects/WEB/cycles';
