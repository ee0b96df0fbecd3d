import { boardText as t, uiMessages } from '../../ui-messages';

/**
 * What the calendar says. Dates are spelled here from these names and the catalogue's date
 * patterns rather than by Intl, so a label reads the same on every machine and in every test
 * ("Tuesday 24 November 2026", "Dienstag, 24. November 2026").
 */
export const calendarTexts = {
  get region() {
    return uiMessages.viewCalendar;
  },
  get previous() {
    return t('previous');
  },
  get today() {
    return t('today');
  },
  get next() {
    return t('next');
  },
  get previousMonth() {
    return t('previousMonth');
  },
  get nextMonth() {
    return t('nextMonth');
  },
  get previousWeek() {
    return t('previousWeek');
  },
  get nextWeek() {
    return t('nextWeek');
  },
  get weekdays() {
    return [t('monday'), t('tuesday'), t('wednesday'), t('thursday'), t('friday'), t('saturday'), t('sunday')];
  },
  get weekdaysShort() {
    return [
      t('mondayShort'),
      t('tuesdayShort'),
      t('wednesdayShort'),
      t('thursdayShort'),
      t('fridayShort'),
      t('saturdayShort'),
      t('sundayShort'),
    ];
  },
  get months() {
    return [
      t('january'),
      t('february'),
      t('march'),
      t('april'),
      t('may'),
      t('june'),
      t('july'),
      t('august'),
      t('september'),
      t('october'),
      t('november'),
      t('december'),
    ];
  },
  get monthsShort() {
    return [
      t('januaryShort'),
      t('februaryShort'),
      t('marchShort'),
      t('aprilShort'),
      t('mayShort'),
      t('juneShort'),
      t('julyShort'),
      t('augustShort'),
      t('septemberShort'),
      t('octoberShort'),
      t('novemberShort'),
      t('decemberShort'),
    ];
  },
  // How the names make a date, in the page's language's order
  monthTitle: (month: string, year: number) => t('monthTitle', { month, year }),
  fullDate: (weekday: string, day: number, month: string, year: number) => t('fullDate', { weekday, day, month, year }),
  shortDate: (weekday: string, day: number, month: string) => t('shortDate', { weekday, day, month }),
  weekInMonth: (from: number, to: number, month: string, year: number) => t('weekInMonth', { from, to, month, year }),
  weekAcrossMonths: (from: number, fromMonth: string, to: number, toMonth: string, year: number) =>
    t('weekAcrossMonths', { from, fromMonth, to, toMonth, year }),
  weekAcrossYears: (from: number, fromMonth: string, fromYear: number, to: number, toMonth: string, toYear: number) =>
    t('weekAcrossYears', { from, fromMonth, fromYear, to, toMonth, toYear }),
  get overdue() {
    return t('dueOverdue');
  },
  get finished() {
    return t('finished');
  },
  more: (n: number) => t('moreChips', { n }),
  get fewer() {
    return t('showFewer');
  },
  noDueDate: (n: number) => t('noDueDateCount', { n }),
  get noDueDateEmpty() {
    return t('everyIssueDated');
  },
  /** Said to a screen reader by every chip that can be moved (its description). */
  get moveHint() {
    return t('calendarMoveHint');
  },
  /** The polite announcement once a due date changed. */
  dueOn: (key: string, day: string) => t('calendarDueOn', { issueKey: key, day }),
  dueCleared: (key: string) => t('calendarDueCleared', { issueKey: key }),
};
