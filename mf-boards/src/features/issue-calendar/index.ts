// What the board page uses of the calendar: the view itself, whose code loads only when it is
// shown (the cold board's JavaScript is at its budget: nothing else here is loaded eagerly).
export { LazyIssueCalendar, preloadIssueCalendar } from './lazy-issue-calendar';
export type { IssueCalendarProps } from './issue-calendar';
