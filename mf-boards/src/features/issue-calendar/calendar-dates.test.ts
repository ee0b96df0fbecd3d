/** @jest-environment node */
import {
  addDays,
  addMonths,
  dateOf,
  fullDate,
  isDay,
  mondayOf,
  monthGrid,
  monthTitle,
  shortDate,
  weekdayOf,
  weekOf,
  weekTitle,
} from './calendar-dates';

// Calendar days are worked out as days: the same answers whatever the time zone the tests run
// in (also run with TZ=America/Los_Angeles), across daylight-saving changes, Monday first.

const days = (weeks: { day: string }[][]) => weeks.map((week) => week.map((d) => d.day));

describe('the month grid', () => {
  it('starts on the Monday before a month that starts on a Sunday, and ends on the Sunday after one that ends on a Monday', () => {
    // November 2026: Sunday the 1st to Monday the 30th.
    const grid = monthGrid('2026-11-17');
    expect(grid).toHaveLength(6);
    expect(grid[0]!.map((d) => d.day)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(grid[5]!.map((d) => d.day)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(grid.flat().filter((d) => d.inMonth)).toHaveLength(30);
    expect(grid[0]!.map((d) => d.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(grid[5]!.map((d) => d.inMonth)).toEqual([true, false, false, false, false, false, false]);
  });

  it('is four weeks for a February that starts on a Monday', () => {
    const grid = monthGrid('2027-02-01');
    expect(days(grid)[0]![0]).toBe('2027-02-01');
    expect(days(grid)[3]![6]).toBe('2027-02-28');
    expect(grid.flat().every((d) => d.inMonth)).toBe(true);
  });

  it('counts the 29th of February in a leap year', () => {
    const inMonth = monthGrid('2028-02-10')
      .flat()
      .filter((d) => d.inMonth)
      .map((d) => d.day);
    expect(inMonth).toHaveLength(29);
    expect(inMonth.at(-1)).toBe('2028-02-29');
  });

  it('has every day once, one after the other', () => {
    const all = monthGrid('2026-03-15').flat();
    all.slice(1).forEach((d, i) => expect(d.day).toBe(addDays(all[i]!.day, 1)));
  });
});

describe('weeks', () => {
  it('start on Monday: a Sunday belongs to the week before', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('run across a month and a year', () => {
    expect(weekOf('2027-01-01')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });
});

describe('day arithmetic', () => {
  it('moves by whole days across the daylight-saving changes', () => {
    // The United States' changes of 2026 (March 8th, November 1st) and Europe's (March 29th, October 25th).
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-10-26', 7)).toBe('2026-11-02');
  });

  it('moves by months to the first of the month, whatever the day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-01');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('knows a calendar day from anything else', () => {
    expect(isDay('2026-11-24')).toBe(true);
    expect(isDay('2026-11-24T00:00:00Z')).toBe(false);
    expect(isDay('24/11/2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('dates in words', () => {
  it('names months, days and weeks', () => {
    expect(monthTitle('2026-11-24')).toBe('November 2026');
    expect(fullDate('2026-11-24')).toBe('Tuesday 24 November 2026');
    expect(shortDate('2026-11-24')).toBe('Tue 24 Nov');
    expect(dateOf('2026-11-01')).toBe(1);
    expect(weekTitle('2026-11-24')).toBe('23 – 29 November 2026');
    expect(weekTitle('2026-12-01')).toBe('30 November – 6 December 2026');
    expect(weekTitle('2027-01-01')).toBe('28 December 2026 – 3 January 2027');
  });
});
