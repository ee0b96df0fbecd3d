import { dayOf, instantOf, priorityOf, statusCategoryOf, statusOf, typeOf } from './csv-values';

describe('dates as other trackers write them', () => {
  it.each([
    ['20/Nov/24 3:15 PM', '2024-11-20T15:15:00.000Z'],
    ['20/Nov/24 12:05 AM', '2024-11-20T00:05:00.000Z'],
    ['20/Nov/24 12:05 PM', '2024-11-20T12:05:00.000Z'],
    ['5/dec/2024 9:00 am', '2024-12-05T09:00:00.000Z'],
    ['20/Nov/24', '2024-11-20T00:00:00.000Z'],
    ['2024-11-20', '2024-11-20T00:00:00.000Z'],
    ['2024-11-20 15:15', '2024-11-20T15:15:00.000Z'],
    ['2024-11-20T15:15:00.000+0100', '2024-11-20T14:15:00.000Z'],
    ['Mon Jan 22 2024 09:44:23 GMT+0000 (Coordinated Universal Time)', '2024-01-22T09:44:23.000Z'],
  ])('reads %s', (text, instant) => {
    expect(instantOf(text)).toBe(instant);
    expect(dayOf(text)).toBe(instant.slice(0, 10));
  });

  it.each(['31/Feb/24', '20/Foo/24 3:15 PM', '20/Nov/24 13:15 PM', '2024-02-30', 'soon', '20/Nov/24 3:75 PM'])(
    'refuses %s',
    (text) => expect(instantOf(text)).toBeNull(),
  );

  it('keeps the calendar day a date-time with a zone is written on', () => {
    expect(dayOf('2024-11-20T23:30:00-05:00')).toBe('2024-11-20');
  });
});

describe('values by their names in Jira, Linear and Plane', () => {
  it('maps priorities, guessing the nearest for other names', () => {
    expect(priorityOf('Highest')).toEqual({ value: 'CRITICAL', exact: true });
    expect(priorityOf('Lowest')).toEqual({ value: 'LOW', exact: true });
    expect(priorityOf('No priority')).toEqual({ value: 'MEDIUM', exact: true });
    expect(priorityOf('urgent')).toEqual({ value: 'CRITICAL', exact: true });
    expect(priorityOf('Major')).toEqual({ value: 'HIGH', exact: false });
    expect(priorityOf('Whenever')).toBeNull();
  });

  it('maps types and statuses', () => {
    expect(typeOf('Story')).toEqual({ value: 'STORY', exact: true });
    expect(typeOf('Sub-task')).toEqual({ value: 'TASK', exact: false });
    expect(typeOf('Spike')).toBeNull();
    expect(statusOf('In Review')).toBe('IN_PROGRESS');
    expect(statusOf('Won’t Do')).toBe('CLOSED');
    expect(statusOf('to-do')).toBe('TODO');
    expect(statusOf('Waiting for Vendor')).toBeNull();
    expect(statusCategoryOf('In Progress')).toBe('IN_PROGRESS');
    expect(statusCategoryOf('Waiting')).toBeNull();
  });
});
