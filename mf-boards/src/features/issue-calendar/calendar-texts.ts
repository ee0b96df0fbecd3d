/**
 * What the calendar says. Dates are spelled here from these names rather than by Intl, so a
 * label reads the same on every machine and in every test ("Tuesday 24 November 2026").
 */
export const calendarTexts = {
  region: 'Calendar',
  previous: 'Previous',
  today: 'Today',
  next: 'Next',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  overdue: 'Overdue',
  finished: 'Finished',
  more: (n: number) => `+${n} more`,
  fewer: 'Show fewer',
  noDueDate: (n: number) => `No due date (${n})`,
  noDueDateEmpty: 'Every issue has a due date.',
  /** Said to a screen reader by every chip that can be moved (its description). */
  moveHint: 'Alt+Arrow keys move the due date by a day or a week.',
  /** The polite announcement once a due date changed. */
  dueOn: (key: string, day: string) => `${key} due ${day}`,
  dueCleared: (key: string) => `${key} has no due date`,
};
